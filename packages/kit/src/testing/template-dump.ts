/**
 * A migrated template's dump as every test database starts from it (`loadDataDir`). PGlite asks
 * the Blob for its bytes with `arrayBuffer()`, which for a Node Blob copies the whole dump (some
 * 40 MB) out in chunks: about 0.25 s of CPU, some 30 % of a test database's start (measured:
 * bench/README.md). PGlite only reads those bytes (its untar copies every file out of them into
 * its own file system), so each start is handed the one copy this Blob keeps.
 */
export class TemplateDump extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    const own = new Uint8Array(bytes).buffer;
    super([own]);
    this.#bytes = own;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}
