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
 *
 * A peer may also ask for a backup (`backup`): the owner takes the turn, checkpoints, and streams
 * the data directory's files as tar entries (directory-tar.ts) while it holds the turn, so the
 * copy is the database at one point in time. The product's requests wait meanwhile and go on
 * after it; the stream follows the peer's reading (socket backpressure), a slice at a time, and
 * a peer that stops reading for as long as an idle turn is allowed is cut off.
 */
import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { isOwnerFile, type HeldLock } from './data-directory-lock.ts';
import { directoryTar } from './directory-tar.ts';
import type { ExclusiveTurn } from './exclusive-turn.ts';
import { statementsOf } from './pglite-statements.ts';
import { jsonFrame, parseJsonFrame, parseValueFrame, readFrames, valueFrame } from './frames.ts';
import { proof, proofMatches } from './owner-proof.ts';

export type ChannelRequest =
  | { op: 'acquire' }
  | { op: 'release' }
  | { op: 'query'; sql: string; parameters: unknown[] }
  /** The data directory as tar entries under `prefix` in the archive (no end-of-archive blocks: the peer adds its own entries). */
  | { op: 'backup'; prefix: string };
export type ChannelReply =
  | { ok: true }
  | { rows: unknown[]; affectedRows?: number }
  | { error: ChannelError }
  /** The backup's point in time: the owner holds the turn from now until `backupEnd`. */
  | { backupFrom: Date }
  | { backupChunk: Uint8Array }
  | { backupEnd: true };
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
const ARCHIVE_PREFIX = /^([A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*)?$/;

export function serveOwnerChannel(lock: HeldLock, client: PGlite, turn: ExclusiveTurn, idleTurnMs = IDLE_TURN_MS): void {
  lock.attach((peer, nonce) => servePeer(peer, nonce, lock.secret, lock.dataDir, client, turn, idleTurnMs));
}

function servePeer(peer: Socket, nonce: string, secret: Buffer, dataDir: string, client: PGlite, turn: ExclusiveTurn, idleTurnMs: number): void {
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
    if (request.op === 'backup') {
      if (endTurn) return reply({ error: { message: 'Release the turn before asking for a backup.' } });
      if (typeof request.prefix !== 'string' || !ARCHIVE_PREFIX.test(request.prefix) || request.prefix.split('/').includes('..')) {
        return reply({ error: { message: 'A backup prefix is a relative path of plain names.' } });
      }
      return streamBackup(peer, client, turn, dataDir, request.prefix, idleTurnMs);
    }
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

/**
 * Holding the turn, nothing runs on PGlite and nothing writes its files: a checkpoint puts every
 * committed change in the data files (so the copy opens without replaying the log), then the
 * files go out as they stand. A peer that leaves mid-stream ends the copy and frees the turn.
 */
async function streamBackup(peer: Socket, client: PGlite, turn: ExclusiveTurn, dataDir: string, prefix: string, idleMs: number): Promise<void> {
  const endTurn = await turn.take();
  try {
    if (peer.destroyed) return;
    await client.exec('checkpoint');
    peer.write(valueFrame({ backupFrom: new Date() } satisfies ChannelReply));
    for await (const chunk of directoryTar(dataDir, { prefix, leaveOut: isOwnerFile })) {
      if (peer.destroyed) return;
      if (!peer.write(valueFrame({ backupChunk: chunk } satisfies ChannelReply))) await drained(peer, idleMs);
    }
    if (!peer.destroyed) peer.write(valueFrame({ backupEnd: true } satisfies ChannelReply));
  } catch (error) {
    if (!peer.destroyed) peer.write(valueFrame({ error: describeError(error) } satisfies ChannelReply));
  } finally {
    endTurn();
  }
}

/**
 * Resolves when the peer has read what was written, or has gone. A peer that stops reading for
 * `idleMs` is cut off, as one holding a turn idle is: the product waits behind the backup.
 */
function drained(peer: Socket, idleMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => peer.destroy(), idleMs);
    const done = () => {
      clearTimeout(timer);
      peer.off('drain', done);
      peer.off('close', done);
      resolve();
    };
    peer.once('drain', done);
    peer.once('close', done);
  });
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
