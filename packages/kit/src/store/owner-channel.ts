/**
 * The owner side of the embedded database's owner channel. A command-line tool started while
 * the product runs cannot open the data directory (the product owns it), so it sends its queries
 * here and the owner runs them on its own PGlite, taking turns with the product's queries: what
 * the guest writes is what the product reads on its next request.
 *
 * A peer first proves it may read the data directory (an HMAC of the owner's nonce under the secret
 * the owner wrote there, answered with the owner's own proof: owner-proof.ts); then it asks for a turn, runs statements (a transaction is begin … commit inside one turn) and
 * ends the turn. A peer that leaves, or holds a turn idle too long, has its open transaction
 * rolled back and its turn ended, so the product is never stuck behind it.
 */
import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { HeldLock } from './data-directory-lock.ts';
import type { ExclusiveTurn } from './exclusive-turn.ts';
import { statementsOf } from './pglite-statements.ts';
import { jsonFrame, parseJsonFrame, parseValueFrame, readFrames, valueFrame } from './frames.ts';
import { proof, proofMatches } from './owner-proof.ts';

export type ChannelRequest = { op: 'acquire' } | { op: 'release' } | { op: 'query'; sql: string; parameters: unknown[] };
export type ChannelReply = { ok: true } | { rows: unknown[]; affectedRows?: number } | { error: ChannelError };
export interface ChannelError {
  message: string;
  [field: string]: unknown;
}

const PROOF_LIMIT = 1024;
const FRAME_LIMIT = 64 * 1024 * 1024;
/** Longest a peer may hold the turn without sending anything: the product's requests wait meanwhile. */
const IDLE_TURN_MS = 10_000;
/** PostgreSQL error fields worth carrying back (callers test `code`, e.g. 23505). */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'schema', 'table', 'column', 'constraint'] as const;

export function serveOwnerChannel(lock: HeldLock, client: PGlite, turn: ExclusiveTurn, idleTurnMs = IDLE_TURN_MS): void {
  lock.attach((peer, nonce) => servePeer(peer, nonce, lock.secret, client, turn, idleTurnMs));
}

function servePeer(peer: Socket, nonce: string, secret: Buffer, client: PGlite, turn: ExclusiveTurn, idleTurnMs: number): void {
  let proven = false;
  let endTurn: (() => void) | undefined;
  let idle: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();

  const finishTurn = async () => {
    clearTimeout(idle);
    const end = endTurn;
    endTurn = undefined;
    if (!end) return;
    try {
      if (client.isInTransaction()) await client.query('rollback');
    } finally {
      end();
    }
  };
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => peer.destroy(), idleTurnMs);
  };
  const reply = (answer: ChannelReply) => {
    if (!peer.destroyed) peer.write(valueFrame(answer));
  };

  async function handle(request: ChannelRequest): Promise<void> {
    if (request.op === 'acquire') {
      if (endTurn) return reply({ error: { message: 'This peer already holds the turn.' } });
      endTurn = await turn.take();
      if (peer.destroyed) return finishTurn();
      armIdle();
      return reply({ ok: true });
    }
    if (!endTurn) return reply({ error: { message: 'Take the turn before sending statements.' } });
    if (request.op === 'release') {
      await finishTurn();
      return reply({ ok: true });
    }
    // A long statement is work, not idleness: the clock runs only between statements.
    clearTimeout(idle);
    try {
      // Through the session's statement cache, so a guest's DDL drops what the owner prepared.
      const result = await statementsOf(client).query(request.sql, request.parameters);
      reply({ rows: result.rows, ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}) });
    } catch (error) {
      reply({ error: describeError(error) });
    }
    armIdle();
  }

  peer.once('close', () => {
    chain = chain.then(finishTurn, finishTurn);
  });
  readFrames(
    peer,
    () => (proven ? FRAME_LIMIT : PROOF_LIMIT),
    (payload) => {
      if (!proven) {
        const answer = parseProof(payload);
        proven = answer !== undefined && proofMatches(answer.proof, secret, 'guest', nonce);
        if (proven) peer.write(jsonFrame({ proof: proof(secret, 'owner', answer!.nonce) }));
        else peer.destroy();
        return;
      }
      let request: ChannelRequest;
      try {
        request = parseValueFrame(payload) as ChannelRequest;
      } catch {
        peer.destroy();
        return;
      }
      chain = chain
        .then(() => handle(request))
        .catch(() => {
          peer.destroy();
        });
    },
    () => peer.destroy(),
  );
}

/** The guest's first frame: its proof of the owner's nonce and a nonce of its own. */
function parseProof(payload: Buffer): { proof: unknown; nonce: string } | undefined {
  try {
    const frame = parseJsonFrame(payload) as { proof?: unknown; nonce?: unknown };
    return typeof frame.nonce === 'string' && frame.nonce.length <= 128 ? { proof: frame.proof, nonce: frame.nonce } : undefined;
  } catch {
    return undefined;
  }
}

function describeError(error: unknown): ChannelError {
  if (!(error instanceof Error)) return { message: String(error) };
  const described: ChannelError = { message: error.message };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) described[field] = value;
  }
  return described;
}
