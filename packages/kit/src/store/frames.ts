/**
 * Length-prefixed frames on a stream socket: a 4-byte big-endian length, then the payload. The
 * owner channel sends JSON frames before a peer proves it may read the data directory, and V8
 * structured-clone frames after (they keep Dates, bigints and bytes exactly as PGlite gives them).
 */
import type { Socket } from 'node:net';
import { deserialize, serialize } from 'node:v8';

class FrameTooLargeError extends Error {
  constructor(
    readonly length: number,
    readonly limit: number,
  ) {
    super(`A frame of ${length} bytes exceeds the limit of ${limit} bytes.`);
    this.name = 'FrameTooLargeError';
  }
}

/** Calls `onFrame` with each whole payload; a frame announced over `limit()` bytes ends the connection (`onError`). */
export function readFrames(socket: Socket, limit: () => number, onFrame: (payload: Buffer) => void, onError: (error: Error) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (length > limit()) {
        onError(new FrameTooLargeError(length, limit()));
        socket.destroy();
        return;
      }
      if (pending.length < 4 + length) return;
      const payload = pending.subarray(4, 4 + length);
      pending = pending.subarray(4 + length);
      onFrame(payload);
    }
  });
}

function frame(payload: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(payload.length, 0);
  return Buffer.concat([header, payload]);
}

export const jsonFrame = (value: unknown): Buffer => frame(Buffer.from(JSON.stringify(value), 'utf8'));
export const valueFrame = (value: unknown): Buffer => frame(serialize(value));
export const parseJsonFrame = (payload: Buffer): unknown => JSON.parse(payload.toString('utf8'));
export const parseValueFrame = (payload: Buffer): unknown => deserialize(payload);
