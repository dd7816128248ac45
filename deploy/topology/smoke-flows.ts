/**
 * The smoke flows of smoke/products.smoke.ts that need no browser, driven through the load
 * balancer with the official MCP client (the kit's `connectClient`): a Chengdu Soul proposal
 * under an operator-issued credential (kept as an acknowledged write), a zaezd trip search over
 * tutu-sim, a tutu-sim hotel search, and an & question answered from an operator-added fact.
 */
import { randomBytes } from 'node:crypto';
import type { Acknowledged } from '@agent-products/chengdu-soul/acknowledged-writes';
import { connectClient } from '@agent-products/kit/testing';
import { addDays } from '../../smoke/calendar-days.ts';
import type { CheckOutcome } from './cross-replica-checks.ts';
import { frontendUrl } from './layout.ts';

export async function smokeFlows(
  base: number,
  chengduAuth: Record<string, string>,
  ampersandAuth: Record<string, string>,
  tomorrow: string,
  acknowledged: Acknowledged[],
): Promise<CheckOutcome> {
  const seen: string[] = [];
  const problems: string[] = [];
  const use = async (
    url: string,
    headers: Record<string, string>,
    name: string,
    args: Record<string, unknown>,
    judge: (structured: any, text: string) => boolean,
  ) => {
    const client = await connectClient(url, headers);
    try {
      const result = await client.callTool({ name, arguments: args });
      const text = JSON.stringify(result.content);
      if (result.isError || !judge(result.structuredContent, text)) problems.push(`${name}: ${text.slice(0, 200)}`);
      else seen.push(name);
      return result.structuredContent as any;
    } finally {
      await client.close();
    }
  };
  const key = `smoke-${randomBytes(6).toString('hex')}`;
  const args = { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: key };
  const draft = await use(frontendUrl(base, 'chengdu-soul'), chengduAuth, 'propose_chengdu_itinerary', args, (s) => typeof s?.draftRef === 'string');
  if (draft?.draftRef) acknowledged.push({ tool: 'propose_chengdu_itinerary', args, answer: draft });
  await use(
    frontendUrl(base, 'zaezd'),
    {},
    'find_event_trips',
    { topics: ['jazz', 'festival'], origin: 'Moscow', budget: 40000, date_from: tomorrow, date_to: addDays(tomorrow, 30), adults: 2 },
    (s) => s?.status === 'ok' && s.packages.length > 0,
  );
  await use(
    frontendUrl(base, 'tutu-sim'),
    {},
    'search_hotels',
    { city_name: 'Казань', check_in: addDays(tomorrow, 10), check_out: addDays(tomorrow, 12), adults: 2 },
    (_s, text) => text.length > 10,
  );
  await use(`${frontendUrl(base, 'ampersand-mcp')}/mcp`, ampersandAuth, 'ask_question', { question: 'Which instrument do I play?' }, (s) =>
    JSON.stringify(s).includes('cello'),
  );
  return {
    name: 'smoke flows through the load balancer',
    ok: problems.length === 0,
    detail: `${seen.join(', ')} answered through HAProxy with the official MCP client${problems.length ? `; failed: ${problems.join('; ')}` : ''}`,
  };
}
