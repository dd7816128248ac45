/**
 * The & scope surface (spec "Authentication"): the default public grant, the opt-in Loop scopes,
 * and the scopes reserved for the hosted runtime that public authorization always strips.
 */
export const DEFAULT_PUBLIC_SCOPES = ['signals:ask', 'signals:write', 'connections:read', 'connections:write'] as const;
export const OPT_IN_SCOPES = ['loops:read', 'loops:write'] as const;
export const RESERVED_SCOPES = ['signals:evidence_read', 'signals:raw_read'] as const;

/** Everything the protected-resource metadata advertises. */
export const ALL_SCOPES = [...DEFAULT_PUBLIC_SCOPES, ...OPT_IN_SCOPES, ...RESERVED_SCOPES] as const;

/** What a public client can ever hold. */
export const GRANTABLE_SCOPES = [...DEFAULT_PUBLIC_SCOPES, ...OPT_IN_SCOPES] as const;

/** Plain words for the approval page and the connected-apps list. */
export const SCOPE_WORDS: Record<string, string> = {
  'signals:ask': 'Answer questions about you and find other andees from what they made public',
  'signals:write': 'Save facts you state and suggest identity signals for your review',
  'connections:read': 'See your connections, pending requests, profiles and question status',
  'connections:write': 'Change your connections and ask, answer or decline questions for you',
  'loops:read': 'Read your Loops and who is in them',
  'loops:write': 'Create, enrich, share and archive your Loops',
  'signals:evidence_read': 'Read the evidence behind your facts while it works for you (& itself only)',
  'signals:raw_read': 'Read your facts as stored, to run your Loops and chat (& itself only)',
};

export function isOptIn(scope: string): boolean {
  return (OPT_IN_SCOPES as readonly string[]).includes(scope);
}

export function splitScopes(scope: string | undefined | null): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
