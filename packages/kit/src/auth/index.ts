/** Auth: bearer reading, token hashing and the 401 challenge. */
export { randomBase64Url } from './random-text.ts';
export { hashToken, newToken, readBearer, unauthorizedResponse, type AuthFailure, type BearerRead } from './bearer.ts';
