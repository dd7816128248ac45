/**
 * The mixed load, all through HAProxy's frontends: Chengdu Soul planning writes (propose, revise,
 * confirm chains, each write under its own idempotency key; every acknowledged one is kept with
 * its answer to be read back), zaezd trip searches over tutu-sim, and & questions through its MCP
 * service (which forwards to the & API). `connections` clients, each one request at a time, split
 * over the three products (half of them writing), until `until` resolves.
 */
import { randomBytes } from 'node:crypto';
import { confirmation, proposal, revision, type Acknowledged, type Write } from '@agent-products/chengdu-soul/acknowledged-writes';
import { callTool, type Tally } from './retrying-calls.ts';

export interface LoadTargets {
  chengdu: string;
  chengduAuth: Record<string, string>;
  zaezd: string;
  ampersandMcp: string;
  ampersandAuth: Record<string, string>;
  /** zaezd's first search day (tomorrow in Moscow). */
  tripDate: string;
  tripDateTo: string;
}

export interface LoadTallies {
  chengdu: Tally;
  zaezd: Tally;
  ampersand: Tally;
}

export const newKey = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

/** A Chengdu Soul write through the retrying client; kept in `acknowledged` when it succeeds. */
export async function write(tally: Tally, baseUrl: string, auth: Record<string, string>, w: Write, acknowledged: Acknowledged[]): Promise<any> {
  const answer = await callTool(tally, baseUrl, w.tool, w.args, auth);
  if (!answer.ok) return undefined;
  acknowledged.push({ ...w, answer: answer.structured });
  return answer.structured;
}

export async function runMixedLoad(
  targets: LoadTargets,
  tallies: LoadTallies,
  connections: number,
  until: Promise<void>,
  acknowledged: Acknowledged[],
): Promise<void> {
  let done = false;
  void until.then(() => (done = true));
  let chains = 0;
  const writer = async () => {
    while (!done) {
      const draft = await write(tallies.chengdu, targets.chengdu, targets.chengduAuth, proposal(chains++, newKey('load')), acknowledged);
      if (!draft) continue;
      const revised = await write(tallies.chengdu, targets.chengdu, targets.chengduAuth, revision(draft, newKey('load')), acknowledged);
      if (!revised) continue;
      await write(tallies.chengdu, targets.chengdu, targets.chengduAuth, confirmation(revised, newKey('load')), acknowledged);
    }
  };
  const traveller = async () => {
    const topics = [['jazz', 'festival'], ['theatre'], ['rock', 'concert']];
    for (let n = 0; !done; n++) {
      await callTool(tallies.zaezd, targets.zaezd, 'find_event_trips', {
        topics: topics[n % topics.length],
        origin: 'Moscow',
        budget: 40000,
        date_from: targets.tripDate,
        date_to: targets.tripDateTo,
        adults: 2,
      });
    }
  };
  const asker = async () => {
    while (!done) await callTool(tallies.ampersand, targets.ampersandMcp, 'ask_question', { question: 'Which instrument do I play?' }, targets.ampersandAuth);
  };
  const writers = Math.max(1, Math.floor(connections / 2));
  const travellers = Math.max(1, Math.floor((connections - writers) / 2));
  const askers = Math.max(1, connections - writers - travellers);
  await Promise.all([...Array.from({ length: writers }, writer), ...Array.from({ length: travellers }, traveller), ...Array.from({ length: askers }, asker)]);
}
