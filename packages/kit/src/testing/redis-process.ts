/**
 * A Redis server of a test's own, on a Unix socket in a temporary directory (never the shared
 * one, never a TCP port another process could take while it is down), that the test can kill and
 * start again at the same address: a Redis outage for one process under test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisProcess {
  /** The socket path (ioredis takes it where it takes a URL). */
  socket: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

export async function startRedisProcess(label = 'redis'): Promise<RedisProcess> {
  const dir = await mkdtemp(join(tmpdir(), `${label}-`));
  const socket = join(dir, 'redis.sock');
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    const started = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/ready to accept connections/i.test(output)) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
    child = started;
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    child = undefined;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    socket,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
