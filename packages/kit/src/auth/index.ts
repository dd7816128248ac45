/** Auth: bearer reading, token hashing, principals, verifiers, challenges and resource metadata. */
export { randomBase64Url } from './random-text.ts';
export { hashToken, newToken, readBearer, type AuthFailure, type BearerRead } from './bearer.ts';
export { missingScopes, type Principal } from './principal.ts';
export { verifyBearerRequest, type TokenVerdict, type TokenVerifier } from './token-verifier.ts';
export { bearerChallenge, insufficientScopeChallenge, unauthorizedChallenge, type ChallengeError, type ChallengeOptions } from './challenge.ts';
export { protectedResourceMetadata, type ProtectedResourceMetadata, type ProtectedResourceOptions } from './protected-resource-metadata.ts';
