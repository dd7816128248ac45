/**
 * The demo graph: seeded once (a second seeding writes nothing), clearly labelled, and enough for a
 * newcomer's client to get real answers as &demo_ada — facts, connections, a people-you-may-know
 * suggestion, a pending request, questions both ways and an item to review — through the operator
 * command the PostgreSQL path uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, mcpClient } from './support/andee-tokens.ts';
import { CookieBrowser } from './support/cookie-browser.ts';
import { runOperatorCommand } from '../src/cli/operator-commands.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';

let amp: RunningAmpersand;
beforeAll(async () => {
  amp = await startAmpersand();
}, 180_000);
afterAll(async () => amp?.close());

const operator = (argv: string[]) =>
  runOperatorCommand(
    {
      andees: amp.api.andees,
      sessions: amp.api.sessions,
      grants: amp.api.grants,
      facts: new IdentitySignals(amp.database.db),
      connections: amp.api.connections,
      firstParty: amp.api.firstParty,
      hostedRuntime: amp.api.hostedRuntime,
      seedDemo: amp.api.seedDemo,
      clearRateLimit: (name, subject) => amp.api.limits.clear(name, subject),
      apiUrl: amp.apiUrl,
      mcpUrl: amp.mcpUrl,
      now: () => new Date(),
    },
    argv,
  );

describe('seed-demo', () => {
  it('seeds once, labelled, and a second run writes nothing', async () => {
    expect(await operator(['seed-demo'])).toContain('Seeded the demo graph');
    const count = async () => (await amp.database.db.selectFrom('identity_facts').select('fact_id').execute()).length;
    const facts = await count();
    expect(await operator(['seed-demo'])).toContain('nothing was written');
    expect(await count()).toBe(facts);
    const andees = await amp.database.db.selectFrom('andees').select(['tag', 'display_name']).execute();
    expect(andees).toHaveLength(8);
    for (const a of andees) {
      expect(a.tag).toMatch(/^demo_/);
      expect(a.display_name).toMatch(/\(demo\)$/);
    }
  });

  it('gives a newcomer signed in as &demo_ada real answers', async () => {
    const ada = (await amp.api.andees.byTag('demo_ada'))!;
    const browser = new CookieBrowser([amp.apiUrl]);
    await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(ada.andeeId, new Date())).token}`);
    const client = await mcpClient(amp, await accessToken(amp, { andeeId: ada.andeeId, tag: 'demo_ada', name: ada.displayName, browser }));
    const audience = await call(client, 'ask_question', { question: 'Who would enjoy a jazz night?' });
    expect(audience.ranking.map((r: { tag: string }) => r.tag)).toEqual(['&demo_ben']);
    const graph = await call(client, 'connections_read', {});
    expect(graph.active).toHaveLength(4);
    expect(graph.peopleYouMayKnow.map((p: { tag: string; match: string }) => [p.tag, p.match])).toEqual([
      ['&demo_gio', 'mutual'],
      ['&demo_fern', 'one_way'],
    ]);
    expect((await call(client, 'connections_pending')).requests.map((r: { tag: string; direction: string }) => [r.tag, r.direction]).sort()).toEqual([
      ['&demo_gio', 'outgoing'],
      ['&demo_hana', 'incoming'],
    ]);
    expect((await call(client, 'questions_pending')).questions).toHaveLength(1);
    expect((await call(client, 'questions_list')).questions).toHaveLength(1);
    expect((await call(client, 'find_andees', { name: 'Fern', constraints: ['pottery studio'] })).result).toBe('match');
    const review = await browser.get(`${amp.apiUrl}/review`);
    expect(review.text).toContain('I want to learn to sail next summer.');
    await client.close();
  });
});
