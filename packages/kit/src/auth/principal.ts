/**
 * Who is calling, as every verifier reports it: the subject, the scopes the credential carries,
 * and, for OAuth access tokens, the audience it was issued for and the client holding it.
 */
export interface Principal {
  subject: string;
  /** The credential's own id (a row id, a token `jti`), for logs and revocation; never the secret. */
  credentialId: string;
  scopes: readonly string[];
  audience?: string;
  clientId?: string;
  expiresAt?: Date;
}

/** The required scopes a principal lacks, in the order they were required. */
export function missingScopes(principal: Pick<Principal, 'scopes'>, required: readonly string[]): string[] {
  const held = new Set(principal.scopes);
  return required.filter((scope) => !held.has(scope));
}
