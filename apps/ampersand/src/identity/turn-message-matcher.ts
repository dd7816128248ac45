/**
 * The seam through which a signed chat turn approves an `identity_write` at once. & approves a
 * written fact immediately only when it is the exact sentence the andee said in a turn whose
 * server-owned message the run token points at; that matching belongs to the turns (Loops)
 * work, which supplies an implementation. Without one — the default — no write can be matched,
 * so every MCP and CLI write is stored pending for review.
 */
export interface TurnMessageMatcher {
  /**
   * The turn whose server-owned andee message contains `value` exactly, when the request carries
   * a valid run token for this andee's active turn; undefined otherwise.
   */
  match(input: { andeeId: string; value: string; headers: Headers }): Promise<{ turnId: string } | undefined>;
}
