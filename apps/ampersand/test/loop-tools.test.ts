/**
 * The Loop tools through the official MCP client over real OAuth tokens: scopes enforced by the
 * tool and again by the API, reuse before create under 20 concurrent identical calls, writes
 * with admission and idempotency keys, membership, visibility, archiving, the surface contract
 * as a resource, and run_outcome refusing a call that is not bound to a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { writeItem } from '../src/loops/loop-items.ts';

let amp: RunningAmpersand;
let mara: Agent;
let theo: Agent;

beforeAll(async () => {
  amp = await startAmpersand();
  mara = await authorizedAgent(amp, 'mara');
  theo = await authorizedAgent(amp, 'theo');
}, 60_000);
afterAll(async () => {
  await mara?.close();
  await theo?.close();
  await amp?.close();
});

async function call(agent: Agent, name: string, args: Record<string, unknown>) {
  const result = await agent.client.callTool({ name, arguments: args });
  return result as { isError?: boolean; structuredContent: any; content: Array<{ type: string; text: string }> };
}

describe('scopes', () => {
  it('lists every Loop tool with its scope, run_outcome only within a turn', async () => {
    const tools = (await mara.client.listTools()).tools;
    for (const [name, scope] of [
      ['loop_read', 'loops:read'],
      ['loop_members', 'loops:read'],
      ['loop_create', 'loops:write'],
      ['loop_write', 'loops:write'],
      ['loop_share', 'loops:write'],
      ['loop_unshare', 'loops:write'],
      ['loop_set_item_visibility', 'loops:write'],
      ['loop_archive', 'loops:write'],
    ] as const) {
      expect(tools.find((t) => t.name === name)?._meta?.securitySchemes, name).toEqual([{ type: 'oauth2', scopes: [scope] }]);
    }
    expect(tools.map((t) => t.name)).not.toContain('run_outcome');
  });

  it('without the Loop scopes each tool is insufficient_scope, and the API refuses the route itself', async () => {
    const plain = await authorizedAgent(amp, 'nell', { tickLoops: false });
    try {
      for (const [name, scope] of [
        ['loop_read', 'loops:read'],
        ['loop_create', 'loops:write'],
        ['run_outcome', 'loops:write'],
      ] as const) {
        const result = await call(
          plain,
          name,
          name === 'loop_create'
            ? { title: 'X night', renderer: 'list', skillId: 'skill_x' }
            : name === 'run_outcome'
              ? { mode: 'completed', summary: 'x' }
              : {},
        );
        expect(result.isError, name).toBe(true);
        expect(result.structuredContent.error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: [scope] } });
      }
      const direct = await fetch(`${amp.apiUrl}/v1/loops/read`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${plain.accessToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(direct.status).toBe(403);
      expect(direct.headers.get('www-authenticate')).toContain('insufficient_scope');
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('birth and reuse', () => {
  it('twenty concurrent identical loop_create calls make one Loop', async () => {
    const args = { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(mara, 'loop_create', args)));
    expect(answers.every((a) => !a.isError)).toBe(true);
    expect(new Set(answers.map((a) => a.structuredContent.loop.loopId)).size).toBe(1);
    expect(answers.filter((a) => a.structuredContent.reused === false)).toHaveLength(1);
    const found = await call(mara, 'loop_read', { title: 'Family movie night', skillId: 'skill_family_movie_night' });
    expect(found.structuredContent.loop.loopId).toBe(answers[0]!.structuredContent.loop.loopId);
    expect(found.structuredContent.surfaceContract.version).toBe(1);
    expect(found.structuredContent.surfaceContract.renderers).toContain('recommendations');
  }, 60_000);

  it('refuses a renderer the live contract does not have', async () => {
    const result = await call(mara, 'loop_create', { title: 'Odd', renderer: 'hologram', skillId: 'skill_odd' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.code).toBe('invalid_arguments');
  });

  it('serves the surface contract as an MCP resource', async () => {
    const resource = await mara.client.readResource({ uri: 'ampersand://loops/surface-contract' });
    const contract = JSON.parse((resource.contents[0] as { text: string }).text);
    expect(contract).toMatchObject({ version: 1, blocks: expect.arrayContaining([expect.objectContaining({ type: 'paragraph' })]) });
  });
});

describe('items, members and the shelf', () => {
  let loopId: string;
  beforeAll(async () => {
    loopId = (await call(mara, 'loop_create', { title: 'Best tacos in KC', renderer: 'list', skillId: 'skill_best_tacos' })).structuredContent.loop.loopId;
  });

  it('refuses what never belongs in a Loop, with the reason, and keeps nothing', async () => {
    for (const [reason, item] of [
      ['empty', { kind: 'list', title: 'Tacos', blocks: [], fallbackText: '' }],
      ['progress', { kind: 'list', title: 'Loop started', blocks: [{ type: 'paragraph', text: 'Getting going.' }], fallbackText: 'Loop started' }],
      ['placeholder', { kind: 'list', title: 'Tacos', blocks: [{ type: 'paragraph', text: 'Coming soon' }], fallbackText: 'TBD' }],
      ['cursor', { kind: 'list', title: 'Page', blocks: [], fallbackText: 'cursor=b2Zmc2V0OjUwO3NuYXA6MTIz' }],
    ] as const) {
      const result = await call(mara, 'loop_write', { loopId, item });
      expect(result.isError, reason).toBe(true);
      expect(result.structuredContent.error).toMatchObject({ code: 'item_not_admitted', details: { reason } });
    }
    expect((await call(mara, 'loop_read', { loopId })).structuredContent.loop.items).toEqual([]);
  });

  it('writes an item once per idempotency key and refuses the key with other arguments', async () => {
    const item = {
      kind: 'list',
      title: 'Taco spots',
      blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }],
      fallbackText: 'Tacos El Gallo',
      grounding: ['sig_abc'],
    };
    const first = await call(mara, 'loop_write', { loopId, item, idempotencyKey: 'write-tacos-0001' });
    const again = await call(mara, 'loop_write', { loopId, item, idempotencyKey: 'write-tacos-0001' });
    expect(again.structuredContent.item.itemId).toBe(first.structuredContent.item.itemId);
    const conflict = await call(mara, 'loop_write', { loopId, item: { ...item, title: 'Other' }, idempotencyKey: 'write-tacos-0001' });
    expect(conflict.structuredContent.error.code).toBe('idempotency_conflict');
    const items = (await call(mara, 'loop_read', { loopId })).structuredContent.loop.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ grounding: ['sig_abc'], provenance: null, author: 'agent', version: 1 });
  });

  it('shares by membership; item visibility never grants access; an andee item keeps its visibility', async () => {
    expect((await call(theo, 'loop_read', { loopId })).structuredContent.error.code).toBe('loop_not_found');
    const shared = await call(mara, 'loop_share', { loopId, tag: '&theo' });
    expect(shared.structuredContent).toMatchObject({
      changed: true,
      members: [expect.objectContaining({ tag: '&mara', role: 'owner' }), expect.objectContaining({ tag: '&theo', role: 'member' })],
    });
    expect((await call(theo, 'loop_members', { loopId })).structuredContent.members).toHaveLength(2);
    const itemId = (await call(theo, 'loop_read', { loopId })).structuredContent.loop.items[0].itemId;
    expect((await call(theo, 'loop_set_item_visibility', { loopId, itemId, visibility: 'owner' })).structuredContent.error.code).toBe('not_loop_owner');
    expect((await call(mara, 'loop_set_item_visibility', { loopId, itemId, visibility: 'owner' })).structuredContent.item.visibility).toBe('owner');
    expect((await call(theo, 'loop_read', { loopId })).structuredContent.loop.items).toEqual([]);
    expect((await call(mara, 'loop_read', { loopId })).structuredContent.loop.items).toHaveLength(1);
    const andeeItem = await writeItem(
      amp.database.db,
      loopId,
      'andee',
      { kind: 'list', title: 'My own list', blocks: [{ type: 'paragraph', text: 'Ask for the salsa verde.' }], fallbackText: 'Ask for the salsa verde.' },
      null,
      new Date(),
    );
    expect((await call(mara, 'loop_set_item_visibility', { loopId, itemId: andeeItem.item.itemId, visibility: 'owner' })).structuredContent.error.code).toBe(
      'not_agent_authored',
    );
    expect((await call(mara, 'loop_unshare', { loopId, tag: 'theo' })).structuredContent.changed).toBe(true);
    expect((await call(theo, 'loop_read', { loopId })).structuredContent.error.code).toBe('loop_not_found');
  });

  it('archives off the active shelf and keeps the history', async () => {
    expect((await call(mara, 'loop_archive', { loopId })).structuredContent.loop.archived).toBe(true);
    const shelf = (await call(mara, 'loop_read', {})).structuredContent.shelf;
    expect(shelf.archived.map((l: { loopId: string }) => l.loopId)).toContain(loopId);
    expect(shelf.active.map((l: { loopId: string }) => l.loopId)).not.toContain(loopId);
    expect((await call(mara, 'loop_read', { loopId })).structuredContent.loop.items.length).toBeGreaterThan(0);
    // One page holds the whole shelf here; a cursor it did not issue, or one beside a named Loop, is refused.
    expect(shelf.nextCursor).toBeNull();
    for (const args of [{ shelfCursor: 'nonsense' }, { loopId, shelfCursor: 'nonsense' }]) {
      const refused = await call(mara, 'loop_read', args);
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent.error).toMatchObject({
        code: 'invalid_arguments',
        details: { fields: [expect.objectContaining({ field: 'shelfCursor' })] },
      });
    }
  });

  it('run_outcome outside a run is refused', async () => {
    const result = await call(mara, 'run_outcome', { mode: 'completed', summary: 'Done.' });
    expect(result.structuredContent.error.code).toBe('run_token_invalid');
  });
});
