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
import { formValue } from './support/cookie-browser.ts';

let amp: RunningAmpersand;
let mara: Agent;
let theo: Agent;

beforeAll(async () => {
  amp = await startAmpersand();
  mara = await authorizedAgent(amp, 'mara');
  theo = await authorizedAgent(amp, 'theo');
  // Connections: mara's share adds theo at once (sharing with anyone else only invites them).
  await amp.api.connections.connect(mara.andeeId, theo.andeeId, new Date());
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
      ['cursor', { kind: 'list', title: 'Next', blocks: [{ type: 'paragraph', text: 'cursor: abc123' }], fallbackText: 'cursor: abc123' }],
      ['cursor', { kind: 'list', title: 'Batch marker', blocks: [], fallbackText: 'Batch marker 7' }],
      ['cursor', { kind: 'list', title: 'Where we were', blocks: [{ type: 'paragraph', text: 'Page token: CiAK…' }], fallbackText: 'Page token: CiAK…' }],
      ['coordinates', { kind: 'list', title: 'Taco spots', blocks: [], fallbackText: 'Joe’s Kansas City, at 39.0525, -94.5977' }],
    ] as const) {
      const result = await call(mara, 'loop_write', { loopId, item });
      expect(result.isError, reason).toBe(true);
      expect(result.structuredContent.error).toMatchObject({ code: 'item_not_admitted', details: { reason } });
    }
    expect((await call(mara, 'loop_read', { loopId })).structuredContent.loop.items).toEqual([]);
  });

  it('refuses grounding that names nothing the writer can see, or a coordinate, and keeps nothing', async () => {
    const own = (await call(mara, 'identity_write', { value: 'I could eat al pastor every week.' })).structuredContent.signalId as string;
    const theirs = (await call(theo, 'identity_write', { value: 'I keep a private list of taco trucks.' })).structuredContent.signalId as string;
    const item = (grounding: string[]) => ({
      kind: 'list',
      title: 'Al pastor spots',
      blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }],
      fallbackText: 'Tacos El Gallo',
      grounding,
    });
    for (const [grounding, code, details] of [
      [[own, 'sig_made_up_123'], 'grounding_not_found', { grounding: ['sig_made_up_123'] }],
      [[theirs], 'grounding_not_found', { grounding: [theirs] }],
      [['contact_match:nobody_has_this_tag'], 'grounding_not_found', { grounding: ['contact_match:nobody_has_this_tag'] }],
      [['geo:39.0997:-94.5786'], 'item_not_admitted', { reason: 'coordinates' }],
    ] as const) {
      const refused = await call(mara, 'loop_write', { loopId, item: item([...grounding]) });
      expect(refused.isError, grounding.join()).toBe(true);
      expect(refused.structuredContent.error).toMatchObject({ code, details });
      const seeded = await call(mara, 'loop_create', { title: 'Al pastor', renderer: 'list', skillId: 'skill_al_pastor', seedItems: [item([...grounding])] });
      expect(seeded.structuredContent.error).toMatchObject({ code, details });
    }
    expect((await call(mara, 'loop_read', { loopId })).structuredContent.loop.items).toEqual([]);
    expect((await call(mara, 'loop_read', { title: 'Al pastor', skillId: 'skill_al_pastor' })).structuredContent.error.code).toBe('loop_not_found');
  });

  it('writes an item once per idempotency key and refuses the key with other arguments', async () => {
    // A public fact: an item grounded in a fact a third-party client may not see is withheld from its loop_read (third-party-loop-read.test.ts).
    const written = await amp.api.signals.write(
      mara.andeeId,
      { value: 'I order my tacos with extra cilantro.', hdsCode: 'preferences.food', visibility: 'public', status: 'approved', provenance: { source: 'cli' } },
      new Date(),
    );
    if (!written.written) throw new Error('not written');
    const fact = written.signal.signalId;
    const item = {
      kind: 'list',
      title: 'Taco spots',
      blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }],
      fallbackText: 'Tacos El Gallo',
      grounding: [fact],
    };
    const first = await call(mara, 'loop_write', { loopId, item, idempotencyKey: 'write-tacos-0001' });
    const again = await call(mara, 'loop_write', { loopId, item, idempotencyKey: 'write-tacos-0001' });
    expect(again.structuredContent.item.itemId).toBe(first.structuredContent.item.itemId);
    const conflict = await call(mara, 'loop_write', { loopId, item: { ...item, title: 'Other' }, idempotencyKey: 'write-tacos-0001' });
    expect(conflict.structuredContent.error.code).toBe('idempotency_conflict');
    const items = (await call(mara, 'loop_read', { loopId })).structuredContent.loop.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ grounding: [fact], provenance: null, author: 'agent', version: 1 });
  });

  it('the same item written again, or twenty times at once, is stored once; an update that changes nothing makes no version', async () => {
    const { loopId: dinnersId } = (await call(mara, 'loop_create', { title: 'Sunday dinners', renderer: 'list', skillId: 'skill_sunday_dinners' }))
      .structuredContent.loop;
    const item = { kind: 'list', title: 'Dinners to try', blocks: [{ type: 'bullet_list', items: ['Green chile stew'] }], fallbackText: 'Green chile stew' };
    const first = (await call(mara, 'loop_write', { loopId: dinnersId, item })).structuredContent;
    expect(first).toMatchObject({ created: true, changed: true });
    const again = await call(mara, 'loop_write', { loopId: dinnersId, item });
    expect(again.structuredContent).toMatchObject({ created: false, changed: false, item: { itemId: first.item.itemId, version: 1 } });
    expect(again.content[0]!.text).toMatch(/already holds exactly[\s\S]*nothing was written/);
    const other = { ...item, title: 'Desserts to try', fallbackText: 'Sopapillas', blocks: [{ type: 'bullet_list', items: ['Sopapillas'] }] };
    const burst = await Promise.all(Array.from({ length: 20 }, () => call(mara, 'loop_write', { loopId: dinnersId, item: other })));
    expect(new Set(burst.map((r) => r.structuredContent.item.itemId)).size).toBe(1);
    expect(burst.filter((r) => r.structuredContent.created)).toHaveLength(1);
    const update = { ...item, itemId: first.item.itemId };
    expect((await call(mara, 'loop_write', { loopId: dinnersId, item: update })).structuredContent).toMatchObject({ changed: false, item: { version: 1 } });
    const items = (await call(mara, 'loop_read', { loopId: dinnersId })).structuredContent.loop.items;
    expect(items.map((i: { title: string; version: number }) => [i.title, i.version])).toEqual([
      ['Dinners to try', 1],
      ['Desserts to try', 1],
    ]);
    expect(await amp.database.db.selectFrom('loop_item_history').select('version').where('item_id', '=', first.item.itemId).execute()).toEqual([]);

    // A member writing what the owner keeps to themselves gets an item of their own, never the owner's.
    expect((await call(mara, 'loop_set_item_visibility', { loopId: dinnersId, itemId: first.item.itemId, visibility: 'owner' })).isError).toBeFalsy();
    await call(mara, 'loop_share', { loopId: dinnersId, tag: '&theo' });
    const theirs = (await call(theo, 'loop_write', { loopId: dinnersId, item })).structuredContent;
    expect(theirs).toMatchObject({ created: true, changed: true });
    expect(theirs.item.itemId).not.toBe(first.item.itemId);
    expect((await call(mara, 'loop_write', { loopId: dinnersId, item })).structuredContent.item.itemId).toBe(first.item.itemId);
  });

  it("shows an item's earlier versions in loop_read and on the Loop page, newest first", async () => {
    const { loopId: booksId } = (await call(mara, 'loop_create', { title: 'My reading list this year', renderer: 'list', skillId: 'skill_reading_list' }))
      .structuredContent.loop;
    const list = (books: string[]) => ({ kind: 'list', title: 'To read', blocks: [{ type: 'bullet_list', items: books }], fallbackText: books.join('; ') });
    const first = (await call(mara, 'loop_write', { loopId: booksId, item: list(['Piranesi']) })).structuredContent.item;
    await call(mara, 'loop_write', { loopId: booksId, item: { ...list(['Piranesi', 'Kindred']), itemId: first.itemId } });
    await call(mara, 'loop_write', { loopId: booksId, item: { ...list(['Piranesi', 'Kindred', 'Middlemarch']), itemId: first.itemId } });
    const [item] = (await call(mara, 'loop_read', { loopId: booksId })).structuredContent.loop.items;
    expect(item).toMatchObject({ version: 3, fallbackText: 'Piranesi; Kindred; Middlemarch' });
    expect(item.history).toEqual([
      { version: 2, title: 'To read', fallbackText: 'Piranesi; Kindred', provenance: null, recordedAt: expect.any(String) },
      { version: 1, title: 'To read', fallbackText: 'Piranesi', provenance: null, recordedAt: expect.any(String) },
    ]);
    const page = (await mara.browser.get(`${amp.apiUrl}/loops/${booksId}`)).text;
    const shown = page.slice(page.indexOf(`data-item-history="${first.itemId}"`));
    expect(shown).toMatch(/Version 3[\s\S]*2 earlier versions/);
    expect(shown).toMatch(/data-version="2"[\s\S]*Piranesi; Kindred[\s\S]*data-version="1"[\s\S]*Piranesi</);
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

describe('sharing with someone who is not a connection', () => {
  it('only invites them: no member and nothing to read until they accept on their shelf; only they can answer it', async () => {
    const pia = await authorizedAgent(amp, 'pia');
    try {
      const { loopId } = (await call(mara, 'loop_create', { title: 'Surprise party', renderer: 'list', skillId: 'skill_surprise_party' })).structuredContent
        .loop;
      const shared = await call(mara, 'loop_share', { loopId, tag: '&pia' });
      expect(shared.structuredContent).toMatchObject({ status: 'invited', changed: true, members: [expect.objectContaining({ tag: '&mara' })] });
      expect(shared.structuredContent.members).toHaveLength(1);
      expect(shared.content[0]!.text).toContain('not one of your connections');
      expect((await call(mara, 'loop_share', { loopId, tag: 'pia' })).structuredContent).toMatchObject({ status: 'invited', changed: false });
      expect((await call(pia, 'loop_read', { loopId })).structuredContent.error.code).toBe('loop_not_found');
      expect((await pia.browser.get(`${amp.apiUrl}/loops/${loopId}`)).status).toBe(404);
      expect((await amp.api.notifications.list(pia.andeeId)).map((n) => n.kind)).toContain('loop_invitation');
      expect((await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`)).text).toContain('Invited, not members until they accept: Pia (&amp;pia)');

      // Nobody else answers pia's invitation.
      const theoCsrf = formValue((await theo.browser.get(`${amp.apiUrl}/loops`)).text, 'csrf');
      expect((await theo.browser.post(`${amp.apiUrl}/loops/${loopId}/accept`, { csrf: theoCsrf })).status).toBe(404);
      expect((await call(theo, 'loop_read', { loopId })).structuredContent.error.code).toBe('loop_not_found');

      expect((await pia.browser.post(`${amp.apiUrl}/loops/${loopId}/accept`, { csrf: 'forged' })).status).toBe(403);
      const shelf = await pia.browser.get(`${amp.apiUrl}/loops`);
      expect(shelf.text).toContain(`data-invitation="${loopId}"`);
      expect(shelf.text).toContain('Surprise party');
      const accepted = await pia.browser.post(`${amp.apiUrl}/loops/${loopId}/accept`, { csrf: formValue(shelf.text, 'csrf') });
      expect(accepted.url).toBe(`${amp.apiUrl}/loops/${loopId}`);
      expect(accepted.status).toBe(200);
      expect((await call(pia, 'loop_read', { loopId })).structuredContent.loop.role).toBe('member');
      expect((await call(mara, 'loop_members', { loopId })).structuredContent.members.map((m: { tag: string }) => m.tag)).toEqual(['&mara', '&pia']);
      expect((await amp.api.notifications.list(mara.andeeId)).map((n) => n.kind)).toContain('loop_invitation_accepted');
      expect((await pia.browser.post(`${amp.apiUrl}/loops/${loopId}/accept`, { csrf: formValue(shelf.text, 'csrf') })).status).toBe(404);
      expect((await call(mara, 'loop_share', { loopId, tag: 'pia' })).structuredContent).toMatchObject({ status: 'member', changed: false });
    } finally {
      await pia.close();
    }
  });

  it('a declined invitation adds no one and tells no one; unsharing withdraws one still waiting', async () => {
    const rex = await authorizedAgent(amp, 'rex');
    try {
      const { loopId } = (await call(mara, 'loop_create', { title: 'Board game night', renderer: 'list', skillId: 'skill_board_games' })).structuredContent
        .loop;
      await call(mara, 'loop_share', { loopId, tag: 'rex' });
      const maraNotes = (await amp.api.notifications.list(mara.andeeId)).length;
      const csrf = formValue((await rex.browser.get(`${amp.apiUrl}/loops`)).text, 'csrf');
      const declined = await rex.browser.post(`${amp.apiUrl}/loops/${loopId}/decline`, { csrf });
      expect(declined.status).toBe(200);
      expect(declined.text).not.toContain(`data-invitation="${loopId}"`);
      expect((await call(rex, 'loop_read', { loopId })).structuredContent.error.code).toBe('loop_not_found');
      expect((await call(mara, 'loop_members', { loopId })).structuredContent.members).toHaveLength(1);
      expect(await amp.api.notifications.list(mara.andeeId)).toHaveLength(maraNotes);

      // Invited again, then unshared before answering: the invitation and its notice are gone.
      expect((await call(mara, 'loop_share', { loopId, tag: 'rex' })).structuredContent).toMatchObject({ status: 'invited', changed: true });
      expect((await call(mara, 'loop_unshare', { loopId, tag: 'rex' })).structuredContent.changed).toBe(true);
      expect((await rex.browser.get(`${amp.apiUrl}/loops`)).text).not.toContain(`data-invitation="${loopId}"`);
      expect((await rex.browser.post(`${amp.apiUrl}/loops/${loopId}/accept`, { csrf })).status).toBe(404);
      const unread = (await amp.api.notifications.list(rex.andeeId)).filter((n) => n.kind === 'loop_invitation' && n.readAt === null);
      expect(unread).toEqual([]);
    } finally {
      await rex.close();
    }
  });
});
