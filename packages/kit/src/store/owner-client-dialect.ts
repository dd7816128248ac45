/**
 * The guest side of the owner channel (owner-channel.ts): a Kysely dialect whose one
 * connection is a socket to the process that owns the embedded data directory. Each Kysely
 * connection checkout is one turn on the owner's database, so a transaction runs whole between
 * the product's own queries.
 */
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { SECRET_FILE } from './data-directory-lock.ts';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { jsonFrame, parseJsonFrame, parseValueFrame, readFrames, valueFrame } from './frames.ts';
import { newNonce, proof, proofMatches } from './owner-proof.ts';
import type { ChannelError, ChannelReply, ChannelRequest } from './owner-channel.ts';

const FRAME_LIMIT = 64 * 1024 * 1024;
/** Frames held unread before the socket is paused (a backup's slices are 256 KiB each). */
const ARRIVED_HIGH_WATER = 16;

/** An error the owner's database raised, with PostgreSQL's fields (code, constraint, …) kept. */
class OwnerDatabaseError extends Error {
  constructor(fields: ChannelError) {
    super(fields.message);
    this.name = 'OwnerDatabaseError';
    Object.assign(this, fields);
  }
}

export class OwnerChannel {
  private readonly replies: Array<{ resolve: (reply: unknown) => void; reject: (error: Error) => void }> = [];
  /** Frames that came before anyone asked for them (a backup's stream), read in order by `next`. */
  private readonly arrived: unknown[] = [];
  private closed: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The process owning the embedded database closed the owner channel.')));
  }

  /** Connects to the owner at `address`; it and the owner each prove they can read `dataDir`'s secret. */
  static async open(address: string, dataDir: string): Promise<OwnerChannel> {
    const socket = createConnection({ path: address });
    const channel = new OwnerChannel(socket);
    let proven = false;
    readFrames(
      socket,
      () => FRAME_LIMIT,
      (payload) => {
        let frame: unknown;
        try {
          frame = proven ? parseValueFrame(payload) : parseJsonFrame(payload);
        } catch (error) {
          channel.replies.shift()?.reject(error as Error);
          return;
        }
        channel.deliver(frame);
      },
      (error) => channel.fail(error),
    );
    const hello = (await channel.next()) as { nonce?: unknown };
    const secret = Buffer.from(readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim(), 'hex');
    const nonce = newNonce();
    socket.write(jsonFrame({ proof: proof(secret, 'guest', String(hello.nonce)), nonce }));
    const answer = (await channel.next()) as { proof?: unknown };
    if (!proofMatches(answer.proof, secret, 'owner', nonce)) {
      socket.destroy();
      throw new Error(`The process answering for the embedded data directory ${dataDir} could not prove it owns it.`);
    }
    proven = true;
    return channel;
  }

  async request(message: ChannelRequest): Promise<Exclude<ChannelReply, { error: ChannelError }>> {
    const pending = this.next();
    this.socket.write(valueFrame(message));
    const reply = (await pending) as ChannelReply;
    if ('error' in reply) throw new OwnerDatabaseError(reply.error);
    return reply;
  }

  /**
   * Asks the owner for a backup of its data directory as tar entries under `prefix`; resolves once
   * the owner holds the backup's point in time, with the entries' bytes to read. Until they are all
   * read the owner's database waits, so the caller reads them at once.
   */
  async backup(prefix: string): Promise<{ from: Date; chunks: AsyncGenerator<Uint8Array> }> {
    const started = await this.request({ op: 'backup', prefix });
    if (!('backupFrom' in started)) throw new Error('The owner of the embedded database did not start the backup.');
    const channel = this;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (;;) {
        const frame = (await channel.next()) as ChannelReply;
        if ('error' in frame) throw new OwnerDatabaseError(frame.error);
        if ('backupEnd' in frame) return;
        if (!('backupChunk' in frame)) throw new Error('The owner of the embedded database sent something other than the backup.');
        yield frame.backupChunk;
      }
    }
    return { from: started.backupFrom, chunks: chunks() };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.end();
    });
  }

  private deliver(frame: unknown): void {
    const waiter = this.replies.shift();
    if (waiter) {
      waiter.resolve(frame);
      return;
    }
    this.arrived.push(frame);
    // The owner writes a backup faster than a disk may take it: stop reading until the reader catches up.
    if (this.arrived.length >= ARRIVED_HIGH_WATER) this.socket.pause();
  }

  private next(): Promise<unknown> {
    if (this.arrived.length > 0) {
      const frame = this.arrived.shift();
      if (this.arrived.length < ARRIVED_HIGH_WATER) this.socket.resume();
      return Promise.resolve(frame);
    }
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => this.replies.push({ resolve, reject }));
  }

  private fail(error: Error): void {
    this.closed ??= error;
    for (const waiter of this.replies.splice(0)) waiter.reject(error);
  }
}

class OwnerConnection implements DatabaseConnection {
  constructor(private readonly channel: OwnerChannel) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.channel.request({ op: 'query', sql: query.sql, parameters: [...query.parameters] });
    if (!('rows' in reply)) throw new Error('The owner of the embedded database answered a statement without rows.');
    return { rows: reply.rows as R[], ...(reply.affectedRows !== undefined ? { numAffectedRows: BigInt(reply.affectedRows) } : {}) };
  }

  // biome-ignore lint/correctness/useYield: Kysely's driver interface wants an async generator; this one refuses before its first row.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new TypeError('Streaming queries are not supported on the embedded database.');
  }
}

class OwnerDriver implements Driver {
  private readonly connection: OwnerConnection;
  private readonly turn = new ExclusiveTurn();
  private endTurn: (() => void) | undefined;

  constructor(private readonly channel: OwnerChannel) {
    this.connection = new OwnerConnection(channel);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const end = await this.turn.take();
    try {
      await this.channel.request({ op: 'acquire' });
    } catch (error) {
      end();
      throw error;
    }
    this.endTurn = end;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const end = this.endTurn;
    this.endTurn = undefined;
    try {
      await this.channel.request({ op: 'release' });
    } finally {
      end?.();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.channel.close();
  }
}

export class OwnerChannelDialect implements Dialect {
  constructor(private readonly channel: OwnerChannel) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new OwnerDriver(this.channel);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
