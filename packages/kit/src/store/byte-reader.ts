/**
 * Reads a byte stream in the pieces a format asks for (a 512-byte header, then a file's bytes a
 * slice at a time), holding at most one of the stream's chunks beyond what was asked.
 */
export class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer | Uint8Array>;
  private ended = false;

  constructor(source: AsyncIterable<Buffer | Uint8Array>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** Exactly `length` bytes, or undefined when the stream ends before them. */
  async exactly(length: number): Promise<Buffer | undefined> {
    while (this.pending.length < length) {
      if (!(await this.pull())) return undefined;
    }
    const bytes = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return bytes;
  }

  /** Between 1 and `most` bytes, or undefined at the end of the stream. */
  async upTo(most: number): Promise<Buffer | undefined> {
    if (this.pending.length === 0 && !(await this.pull())) return undefined;
    const bytes = this.pending.subarray(0, most);
    this.pending = this.pending.subarray(bytes.length);
    return bytes;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }
}
