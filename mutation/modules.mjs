/**
 * The modules `npm run mutation` mutates, each with the test files that exercise it. Listed by
 * hand because Vitest's import graph does not follow the workspace packages, so "related" tests
 * would miss the black-box suites that drive a module through a real server. A module's own
 * tests come first and black-box suites are added only where they test what those do not: each
 * mutant re-runs every listed file that covers it, servers and all, and two cores allow few.
 * The scores in the README are for exactly these files.
 */
export const MODULES = {
  // kit: a silent break here is a break in every product
  'packages/kit/src/auth/bearer.ts': ['packages/kit/src/auth/bearer.test.ts', 'packages/kit/src/mcp/tool.test.ts'],
  'packages/kit/src/auth/challenge.ts': ['packages/kit/src/auth/challenge.test.ts'],
  'packages/kit/src/auth/random-text.ts': ['packages/kit/src/auth/random-text.test.ts'],
  'packages/kit/src/store/idempotency.ts': ['packages/kit/src/store/idempotency.test.ts'],
  'packages/kit/src/store/rate-limit.ts': ['packages/kit/src/store/rate-limit.test.ts'],
  'packages/kit/src/errors/error-table.ts': ['packages/kit/src/errors/error-table.test.ts', 'packages/kit/src/errors/render.test.ts'],
  // Chengdu Soul: access, planning and privacy
  'apps/chengdu-soul/src/access/credential-service.ts': ['apps/chengdu-soul/src/access/credential-service.test.ts'],
  'apps/chengdu-soul/src/access/sign-in-links.ts': ['apps/chengdu-soul/src/access/sign-in-links.test.ts'],
  'apps/chengdu-soul/src/access/owner-sessions.ts': ['apps/chengdu-soul/src/access/owner-sessions.test.ts'],
  'packages/kit/src/web/browser-sessions.ts': ['packages/kit/src/web/browser-sessions.test.ts'],
  'packages/kit/src/web/signed-form-tokens.ts': ['packages/kit/src/web/signed-form-tokens.test.ts'],
  'apps/chengdu-soul/src/privacy/privacy-requests.ts': ['apps/chengdu-soul/src/privacy/privacy-requests.test.ts'],
  // the traveler's required and excluded scenes are honoured, never dropped (pure functions: fast per mutant)
  'apps/chengdu-soul/src/planning/resolve-proposal.ts': ['apps/chengdu-soul/src/planning/resolve-proposal.test.ts'],
  'apps/chengdu-soul/src/planning/plan-days.ts': ['apps/chengdu-soul/src/planning/plan-days.test.ts', 'apps/chengdu-soul/src/planning/plan-days-rules.test.ts'],
  // zaezd: trip ids are the links people share
  'apps/zaezd/src/trips/trip-id.ts': ['apps/zaezd/src/trips/trip-id.test.ts', 'apps/zaezd/test/trip-pages.test.ts'],
  // zaezd: checkout links — which of Tutu's links may be passed on, and which one a traveller is sent to
  'apps/zaezd/src/trips/checkout-hosts.ts': ['apps/zaezd/src/trips/checkout-hosts.test.ts'],
  'apps/zaezd/src/trips/checkout-items.ts': ['apps/zaezd/src/trips/checkout-items.test.ts'],
  // &: authorization rules
  'apps/ampersand/src/auth/grants.ts': ['apps/ampersand/src/auth/grants.test.ts'],
  'apps/ampersand/src/auth/refresh-succession.ts': ['apps/ampersand/src/auth/refresh-succession.test.ts'],
  'apps/ampersand/src/auth/oauth-rules.ts': ['apps/ampersand/src/auth/oauth-rules.test.ts', 'apps/ampersand/test/authorization-server.test.ts'],
  'apps/ampersand/src/auth/access-token-verifier.ts': ['apps/ampersand/src/auth/access-token-verifier.test.ts'],
  'apps/ampersand/src/auth/cimd-guard.ts': ['apps/ampersand/src/auth/cimd-guard.test.ts'],
  // &: visibility rules (who sees which facts)
  // Its own tests drive its rules directly (over a test database for the fresh read); the matrix suite, black-box and slow per mutant, is left out.
  'apps/ampersand/src/identity/ask-question.ts': ['apps/ampersand/src/identity/ask-question.test.ts', 'apps/ampersand/src/identity/ask-question-edges.test.ts'],
  'apps/ampersand/src/identity/answer-synthesizer.ts': ['apps/ampersand/src/identity/answer-synthesizer.test.ts'],
  'apps/ampersand/src/identity/identity-signals.ts': ['apps/ampersand/src/identity/identity-signals.test.ts'],
  'apps/ampersand/src/identity/connections.ts': ['apps/ampersand/src/identity/connections.test.ts'],
  'apps/ampersand/src/identity/visibility.ts': ['apps/ampersand/src/identity/visibility.test.ts'],
};

/** A file name for a module's reports (or a line range's): its path with the separators flattened. */
export function reportName(module, lines = process.env.MUTATION_LINES) {
  return module.replace(/\.ts$/, '').replaceAll('/', '_') + (lines ? `_lines-${lines}` : '');
}
