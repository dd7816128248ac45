/**
 * The Loop records on the real database: birth with reuse before create under concurrency, the
 * write-once skill pin with its canonical digest, item admission and history, and runs that end
 * in exactly one terminal state with their chat message in the same transaction — including the
 * sweeper ending a run past its deadline as timed out, on an injected clock.
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { canonicalHash } from '@agent-products/kit/json';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { AndeeRepository } from '../src/andees/andee-repository.ts';
import { Connections } from '../src/identity/connections.ts';
import { Notifications } from '../src/identity/notifications.ts';
import { listMessages } from '../src/loops/conversation.ts';
import { HISTORY_SHOWN } from '../src/contracts/loop-contracts.ts';
import { itemHistories, itemHistory, listItems, writeItem } from '../src/loops/loop-items.ts';
import { Loops, SHELF_PAGE } from '../src/loops/loop-records.ts';
import { runTokens } from '../src/loops/run-token.ts';
import { sweepExpiredRuns } from '../src/loops/run-sweeper.ts';
import { endRun, openRun, readRun, recordStage } from '../src/loops/runs.ts';
import { pinSkill } from '../src/loops/skill-pins.ts';
import type { TerminalDetails } from '../src/loops/terminal-messages.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';

let database: TestDatabase<AmpersandDatabase>;
let loops: Loops;
let ownerId: string;
const now = new Date('2026-12-01T10:00:00Z');
const skill = { instructions: 'Pick three films the whole family can watch together.' };
const spec = { artifactKinds: ['recommendation_set' as const], terminalModes: ['completed' as const, 'refused' as const] };

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand_loops');
  loops = new Loops(database.db);
  const created = await new AndeeRepository(database.db).create({ tag: 'mara', displayName: 'Mara' });
  if (!created.ok) throw new Error(created.problem);
  ownerId = created.andee.andeeId;
});
afterAll(async () => {
  await database?.dispose();
});

describe('birth', () => {
  it('twenty concurrent identical creates make one Loop', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        loops.create(ownerId, { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, now),
      ),
    );
    expect(new Set(answers.map((a) => a.loop.loopId)).size).toBe(1);
    expect(answers.filter((a) => !a.reused)).toHaveLength(1);
    const rows = await database.db.selectFrom('loops').select('loop_id').where('title', '=', 'Family movie night').execute();
    expect(rows).toHaveLength(1);
  });

  it('pins the skill write-once with the SHA-256 of its canonical content', async () => {
    const { loop } = await loops.create(ownerId, { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, now);
    const pinned = await pinSkill(database.db, loop.loopId, skill, spec, now);
    expect(pinned).toEqual({ version: 1, digest: canonicalHash({ content: skill, outcomeSpec: spec }) });
    expect(await pinSkill(database.db, loop.loopId, skill, spec, now)).toEqual(pinned);
    await expect(pinSkill(database.db, loop.loopId, { instructions: 'Something else.' }, spec, now)).rejects.toMatchObject({ code: 'skill_already_pinned' });
    expect((await loops.summary(ownerId, loop.loopId)).skill).toEqual(pinned);
  });
});

describe('items', () => {
  it('refuses what never belongs in a Loop and stores nothing', async () => {
    const { loop } = await loops.create(ownerId, { title: 'Best tacos in KC', renderer: 'list', skillId: 'skill_tacos' }, now);
    const refused: Array<[string, object]> = [
      ['empty', { kind: 'list', title: 'Tacos', blocks: [], fallbackText: ' ' }],
      ['placeholder', { kind: 'list', title: 'Tacos', blocks: [{ type: 'paragraph', text: 'TBD' }], fallbackText: 'TBD' }],
      ['progress', { kind: 'list', title: 'Loop started', blocks: [{ type: 'paragraph', text: 'The Loop was created.' }], fallbackText: 'Loop started' }],
      ['progress', { kind: 'list', title: 'Checkpoint', blocks: [{ type: 'paragraph', text: 'Checkpoint: step 2 of 5' }], fallbackText: 'step 2 of 5' }],
      [
        'cursor',
        {
          kind: 'list',
          title: 'Next page',
          blocks: [{ type: 'paragraph', text: 'eyJvZmZzZXQiOjUwLCJzbmFwIjoxfQ==' }],
          fallbackText: 'cursor: eyJvZmZzZXQiOjUwLCJzbmFwIjoxfQ==',
        },
      ],
    ];
    for (const [reason, item] of refused) {
      await expect(writeItem(database.db, loop.loopId, 'agent', item as never, null, now)).rejects.toMatchObject({
        code: 'item_not_admitted',
        details: { reason },
      });
    }
    expect(await listItems(database.db, loop.loopId, true)).toEqual([]);
  });

  it('an update keeps the previous version in history', async () => {
    const { loop } = await loops.create(ownerId, { title: 'Best tacos in KC', renderer: 'list', skillId: 'skill_tacos' }, now);
    const first = await writeItem(
      database.db,
      loop.loopId,
      'agent',
      { kind: 'list', title: 'Taco spots', blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }], fallbackText: 'Tacos El Gallo', grounding: ['sig_1'] },
      null,
      now,
    );
    const second = await writeItem(
      database.db,
      loop.loopId,
      'agent',
      {
        itemId: first.item.itemId,
        kind: 'list',
        title: 'Taco spots',
        blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo', 'Taqueria Mexico'] }],
        fallbackText: 'Tacos El Gallo; Taqueria Mexico',
      },
      null,
      now,
    );
    expect(second).toMatchObject({ created: false, item: { version: 2, fallbackText: 'Tacos El Gallo; Taqueria Mexico' } });
    expect(await itemHistory(database.db, first.item.itemId)).toEqual([expect.objectContaining({ version: 1, fallbackText: 'Tacos El Gallo' })]);
  });

  it(`shows the latest ${HISTORY_SHOWN} earlier versions of each item, newest first, in one read`, async () => {
    const { loop } = await loops.create(ownerId, { title: 'Reading list', renderer: 'list', skillId: 'skill_reading' }, now);
    const version = (n: number, itemId?: string) => ({
      ...(itemId ? { itemId } : {}),
      kind: 'list',
      title: 'Books',
      blocks: [{ type: 'paragraph' as const, text: `Book number ${n} is next.` }],
      fallbackText: `Book number ${n} is next.`,
    });
    const { item } = await writeItem(database.db, loop.loopId, 'agent', version(1), null, now);
    for (let n = 2; n <= HISTORY_SHOWN + 3; n++) await writeItem(database.db, loop.loopId, 'agent', version(n, item.itemId), null, now);
    const other = await writeItem(database.db, loop.loopId, 'agent', { ...version(1), title: 'Films' }, null, now);
    const histories = await itemHistories(database.db, [item.itemId, other.item.itemId]);
    expect(histories.get(other.item.itemId)).toEqual([]);
    const shown = histories.get(item.itemId)!;
    expect(shown.map((v) => v.version)).toEqual(Array.from({ length: HISTORY_SHOWN }, (_, i) => HISTORY_SHOWN + 2 - i));
    expect(shown[0]!.fallbackText).toBe(`Book number ${HISTORY_SHOWN + 2} is next.`);
  });
});

describe('runs', () => {
  async function open(deadline: Date) {
    const { loop } = await loops.create(ownerId, { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, now);
    return database.db.transaction().execute((trx) =>
      openRun(
        trx,
        {
          loopId: loop.loopId,
          chatTurnId: null,
          andeeId: ownerId,
          skill: null,
          outcomeSpec: null,
          grants: ['loop_read'],
          deadline: deadline.toISOString(),
          trigger: { kind: 'run_now', messageId: null },
          correlationId: `corr-${Math.random()}`,
          build: { version: 't', configDigest: 'd' },
        },
        now,
      ),
    );
  }

  const endings: TerminalDetails[] = [
    { state: 'completed', result: 'Three films picked.', outcomeEvidence: { itemIds: ['item_x'], effects: [] } },
    { state: 'refused', reason: 'No skill is pinned.', unmetContract: 'pinned_skill' },
    { state: 'failed', errorClass: 'provider_error', correlationId: 'c-1' },
    { state: 'timed_out', deadline: now.toISOString(), lastStage: 'model' },
    { state: 'cancelled', actor: '&mara', at: now.toISOString() },
  ];
  for (const details of endings) {
    it(`ending ${details.state} writes the record and one chat message bearing it, once`, async () => {
      // A run times out only past its deadline; every other ending comes before it.
      const run = await open(new Date(now.getTime() + (details.state === 'timed_out' ? -1_000 : 60_000)));
      const message = await endRun(database.db, run.runId, details, now);
      expect(message).toMatchObject({ runId: run.runId, terminalState: details.state, correlationId: run.correlationId });
      expect(await endRun(database.db, run.runId, { state: 'cancelled', actor: '&mara', at: now.toISOString() }, now)).toBeUndefined();
      expect(await readRun(database.db, run.runId)).toMatchObject({ state: details.state, terminal: details });
      const messages = (await listMessages(database.db, run.loopId!)).filter((m) => m.runId === run.runId);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.body.length).toBeGreaterThan(10);
    });
  }

  it("an agent-chat turn (no Loop) ends in the andee's own agent-chat conversation, once", async () => {
    const chatTurnId = `turn_${Math.random()}`;
    const run = await database.db.transaction().execute((trx) =>
      openRun(
        trx,
        {
          loopId: null,
          chatTurnId,
          taskId: chatTurnId,
          andeeId: ownerId,
          skill: null,
          outcomeSpec: null,
          grants: ['run_outcome'],
          deadline: new Date(now.getTime() + 60_000).toISOString(),
          trigger: { kind: 'send', messageId: null },
          correlationId: `corr-${Math.random()}`,
          build: { version: 't', configDigest: 'd' },
        },
        now,
      ),
    );
    expect(await readRun(database.db, run.runId)).toMatchObject({ loopId: null, chatTurnId, state: 'running' });
    expect(await endRun(database.db, run.runId, { state: 'refused', reason: 'No provider.', unmetContract: 'model_provider' }, now)).toMatchObject({
      runId: run.runId,
      terminalState: 'refused',
      correlationId: run.correlationId,
    });
    const chat = (await listMessages(database.db, { chatOf: ownerId })).filter((m) => m.runId === run.runId);
    expect(chat).toHaveLength(1);
    expect(chat[0]!.body).toContain('No provider.');
  });

  it('a run is a Loop turn or an agent-chat turn, never both nor neither', async () => {
    const { loop } = await loops.create(ownerId, { title: 'Both at once', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, now);
    const base = {
      andeeId: ownerId,
      skill: null,
      outcomeSpec: null,
      grants: [],
      deadline: now.toISOString(),
      trigger: { kind: 'send' as const, messageId: null },
      correlationId: 'c',
      build: { version: 't', configDigest: 'd' },
    };
    await expect(database.db.transaction().execute((trx) => openRun(trx, { ...base, loopId: loop.loopId, chatTurnId: 'turn_both' }, now))).rejects.toThrow();
    await expect(database.db.transaction().execute((trx) => openRun(trx, { ...base, loopId: null, chatTurnId: null }, now))).rejects.toThrow();
  });

  it('the database refuses a terminal state without its record', async () => {
    const run = await open(new Date(now.getTime() + 60_000));
    await expect(database.db.updateTable('loop_runs').set({ state: 'completed' }).where('run_id', '=', run.runId).execute()).rejects.toThrow();
  });

  it('never records a timeout before the deadline: not early by the caller, not by a clock running ahead of the database', async () => {
    const deadline = new Date(Date.now() + 60_000);
    const run = await open(deadline);
    const timedOut: TerminalDetails = { state: 'timed_out', deadline: deadline.toISOString(), lastStage: 'model' };
    const early = new Date(deadline.getTime() - 18_000);
    expect(await endRun(database.db, run.runId, timedOut, early)).toBeUndefined();
    // A process whose clock is an hour ahead: past the deadline by its clock, not by the database's.
    const ahead = new Date(Date.now() + 3_600_000);
    expect(await endRun(database.db, run.runId, timedOut, ahead)).toBeUndefined();
    await sweepExpiredRuns(database.db, ahead);
    expect(await readRun(database.db, run.runId)).toMatchObject({ state: 'running', terminal: null });
    expect((await listMessages(database.db, run.loopId!)).filter((m) => m.runId === run.runId)).toEqual([]);
  });

  it('a run token lapses at its deadline to the millisecond, never up to a second before it', async () => {
    const tokens = runTokens(database.db, createSecretKey(randomBytes(32)), 'https://amp.test');
    // A deadline 900 ms into a second: a whole-second expiry rounded down lapses 900 ms early.
    const deadline = new Date(Math.floor(Date.now() / 1000) * 1000 + 30_900);
    const run = await open(deadline);
    const token = await tokens.mint(run);
    expect(await tokens.verify(token, ownerId, new Date(deadline.getTime() - 500))).toMatchObject({ runId: run.runId, state: 'running' });
    expect(await tokens.verify(token, ownerId, new Date(deadline.getTime() - 1))).toMatchObject({ runId: run.runId });
    await expect(tokens.verify(token, ownerId, deadline)).rejects.toMatchObject({
      code: 'run_token_invalid',
      message: expect.stringMatching(/past its deadline/),
    });
  });

  it('the sweeper ends runs past their deadline as timed out with their last stage', async () => {
    const run = await open(new Date(now.getTime() + 60_000));
    expect(await recordStage(database.db, run.runId, 'model', now)).toBe(true);
    expect(await sweepExpiredRuns(database.db, new Date(now.getTime() + 30_000))).toBe(0);
    expect(await sweepExpiredRuns(database.db, new Date(now.getTime() + 61_000))).toBeGreaterThanOrEqual(1);
    expect(await readRun(database.db, run.runId)).toMatchObject({ state: 'timed_out', terminal: { state: 'timed_out', lastStage: 'model' } });
    expect(await recordStage(database.db, run.runId, 'late', now)).toBe(false);
  });
});

describe('shelf', () => {
  it('lists the Loops one is a member of, newest change first, archived apart, in one statement', async () => {
    const andees = new AndeeRepository(database.db);
    const made = await Promise.all(['tove', 'ilse'].map((tag) => andees.create({ tag, displayName: tag.toUpperCase() })));
    const [tove, ilse] = made.map((m) => (m.ok ? m.andee.andeeId : ''));
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const garden = (await loops.create(tove!, { title: 'Garden plan', renderer: 'checklist', skillId: 'skill_garden' }, at(1))).loop;
    const trip = (await loops.create(tove!, { title: 'Lake trip', renderer: 'checklist', skillId: 'skill_trip' }, at(2))).loop;
    const old = (await loops.create(tove!, { title: 'Old plan', renderer: 'checklist', skillId: 'skill_old' }, at(3))).loop;
    const hers = (await loops.create(ilse!, { title: 'Book club', renderer: 'checklist', skillId: 'skill_books' }, at(4))).loop;
    await loops.create(ilse!, { title: 'Not shared', renderer: 'checklist', skillId: 'skill_secret' }, at(5));
    // Connections, so a share makes a member at once (anyone else is only invited).
    await new Connections(database.db, new Notifications(database.db)).connect(tove!, ilse!, at(5));
    await loops.share(ilse!, hers.loopId, 'tove', at(6));
    await loops.archive(tove!, old.loopId, true, at(7));
    await loops.share(tove!, garden.loopId, 'ilse', at(8));

    const statements: string[] = [];
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.queryId.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const shelf = await new Loops(counted).shelf(tove!);
    expect(statements).toHaveLength(1);
    expect(shelf.active.map((l) => [l.title, l.role, l.owner.tag])).toEqual([
      ['Garden plan', 'owner', '&tove'],
      ['Book club', 'member', '&ilse'],
      ['Lake trip', 'owner', '&tove'],
    ]);
    expect(shelf.active.map((l) => l.loopId)).toEqual([garden.loopId, hers.loopId, trip.loopId]);
    expect(shelf.archived.map((l) => [l.title, l.archived])).toEqual([['Old plan', true]]);
    expect(shelf.nextCursor).toBeNull();
  });

  it(`pages past ${SHELF_PAGE} Loops by nextCursor, both lists together, every Loop once; a cursor it did not issue is refused`, async () => {
    const made = await new AndeeRepository(database.db).create({ tag: 'wren', displayName: 'Wren' });
    const wren = made.ok ? made.andee.andeeId : '';
    const count = 2 * SHELF_PAGE + 50;
    // Three Loops share each second, every ninth archived.
    await sql`
      insert into loops (loop_id, owner_id, title, renderer, skill_id, skill_version, composition, archived_at, created_at, updated_at)
      select 'wren' || lpad(i::text, 3, '0'), ${wren}, 'Loop ' || i, 'list', 'skill_shelf', null, null,
        case when i % 9 = 0 then ${now}::timestamptz end, ${now}::timestamptz, ${now}::timestamptz + (i / 3) * interval '1 second'
      from generate_series(1, ${count}) i`.execute(database.db);
    await sql`insert into loop_members (loop_id, andee_id, role, added_at) select loop_id, ${wren}, 'owner', created_at from loops where owner_id = ${wren}`.execute(
      database.db,
    );
    const expected = (
      await sql<{ id: string }>`select loop_id as id from loops where owner_id = ${wren} order by updated_at desc, loop_id desc`.execute(database.db)
    ).rows.map((r) => r.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let n = 1; ; n++) {
      if (n > 5) throw new Error('the shelf did not end');
      const page = await loops.shelf(wren, cursor);
      const onPage = [...page.active, ...page.archived].sort((a, b) => expected.indexOf(a.loopId) - expected.indexOf(b.loopId));
      seen.push(...onPage.map((l) => l.loopId));
      sizes.push(onPage.length);
      expect(page.archived.every((l) => l.archived) && page.active.every((l) => !l.archived)).toBe(true);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([SHELF_PAGE, SHELF_PAGE, 50]);
    expect(seen).toEqual(expected);
    for (const bad of ['nonsense', Buffer.from('["not a time","x"]').toString('base64url')])
      await expect(loops.shelf(wren, bad)).rejects.toMatchObject({ code: 'invalid_arguments', details: { fields: [{ field: 'shelfCursor' }] } });
  });
});
