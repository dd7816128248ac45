/** Auth: bearer reading, token hashing, principals, verifiers, challenges and resource metadata. */
export { randomBase64Url } from './random-text.ts';
export { hashToken, newToken, readBearer, type AuthFailure } from './bearer.ts';
export { missingScopes, type Principal } from './principal.ts';
export type { TokenVerdict, TokenVerifier } from './token-verifier.ts';
export { bearerChallenge, insufficientScopeChallenge, unauthorizedChallenge, type ChallengeOptions } from './challenge.ts';
export { protectedResourceMetadata, type ProtectedResourceMetadata } from './protected-resource-metadata.ts';
