/**
 * After the load: every acknowledged Chengdu Soul write is read back, twice over. Replayed with
 * its key through the load balancer it must return the identical stored answer (the write is
 * there, whichever replica answers), and the database must hold exactly the acknowledged drafts,
 * revisions, pages and idempotency records (acknowledged-writes.ts, shared with the SIGKILL test):
 * a line only on the acknowledged side is a lost write, a line only on the stored side a write
 * duplicated or never acknowledged.
 */
import { isDeepStrictEqual } from 'node:util';
import { acknowledgedWrites, storedWrites, type Acknowledged, type WriteLines } from '@agent-products/chengdu-soul/acknowledged-writes';
import { configFromEnv, openChengduDatabase } from '@agent-products/chengdu-soul/composition';
import { callTool, newTally } from './retrying-calls.ts';
import type { CheckOutcome } from './cross-replica-checks.ts';

const REPLAYS_AT_ONCE = 4;

export async function readBack(
  baseUrl: string,
  auth: Record<string, string>,
  acknowledged: readonly Acknowledged[],
  env: NodeJS.ProcessEnv,
): Promise<CheckOutcome[]> {
  const tally = newTally();
  const differing: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: REPLAYS_AT_ONCE }, async () => {
      while (next < acknowledged.length) {
        const write = acknowledged[next++]!;
        const replay = await callTool(tally, baseUrl, write.tool, write.args, auth);
        if (!replay.ok || !isDeepStrictEqual(replay.structured, write.answer)) differing.push(`${write.tool} ${String(write.args.idempotencyKey)}`);
      }
    }),
  );

  const expected = acknowledgedWrites(acknowledged);
  const database = await openChengduDatabase(configFromEnv(env));
  let stored: WriteLines;
  try {
    stored = await storedWrites(database.db);
  } finally {
    await database.close();
  }
  const kinds = Object.keys(expected) as Array<keyof WriteLines>;
  const lost = kinds.flatMap((kind) => expected[kind].filter((line) => !stored[kind].includes(line)).map((line) => `${kind} ${line}`));
  const extra = kinds.flatMap((kind) => {
    const counted = new Map<string, number>();
    for (const line of expected[kind]) counted.set(line, (counted.get(line) ?? 0) + 1);
    return stored[kind]
      .filter((line) => {
        const left = counted.get(line) ?? 0;
        counted.set(line, left - 1);
        return left <= 0;
      })
      .map((line) => `${kind} ${line}`);
  });
  const writes = new Set(acknowledged.map((w) => `${w.tool}:${String(w.args.idempotencyKey)}`)).size;
  return [
    {
      name: 'acknowledged writes replay identically',
      ok: differing.length === 0,
      detail: `${acknowledged.length} acknowledged answers (${writes} writes) replayed through the load balancer: ${acknowledged.length - differing.length} identical${differing.length ? `; differing: ${differing.slice(0, 5).join(', ')}` : ''}`,
    },
    {
      name: 'no acknowledged write lost or duplicated',
      ok: lost.length === 0 && extra.length === 0,
      detail: `stored ${kinds.map((k) => `${stored[k].length} ${k}`).join(', ')}; acknowledged ${kinds.map((k) => `${expected[k].length} ${k}`).join(', ')}; lost ${lost.length}, extra ${extra.length}${[...lost, ...extra].length ? `: ${[...lost, ...extra].slice(0, 5).join('; ')}` : ''}`,
    },
  ];
}
