/**
 * Mutual proof on the owner channel that both ends can read the data directory's secret file,
 * without either sending the secret: each answers the other's random nonce with an HMAC under the
 * secret. A process that took the socket's name first (a local squatter) learns nothing from a
 * guest and cannot pass for the owner.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The owner is the process holding the data directory; a guest is any other process reaching it. */
export type ProofRole = 'owner' | 'guest';

export const newNonce = (): string => randomBytes(32).toString('hex');

export function proof(secret: Buffer, role: ProofRole, nonce: string): string {
  return createHmac('sha256', secret).update(`${role}:${nonce}`).digest('hex');
}

export function proofMatches(offered: unknown, secret: Buffer, role: ProofRole, nonce: string): boolean {
  if (typeof offered !== 'string') return false;
  const expected = Buffer.from(proof(secret, role, nonce), 'hex');
  const given = Buffer.from(offered, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
