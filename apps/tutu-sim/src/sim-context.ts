/**
 * What every stand-in search needs besides its arguments: the time it runs at (tests move it)
 * and the public base URL its demo pages are served from, which every link it hands out uses.
 */
export interface SimContext {
  now: Date;
  publicUrl: string;
}

/**
 * A refusal the way Tutu words it: the tool answers `isError: true` with this sentence as its
 * only text, not JSON. Clients must cope with both.
 */
export class SimToolError extends Error {
  override readonly name = 'SimToolError';
}
