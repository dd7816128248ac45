/**
 * The andee's pages list what grows with use a page at a time (issue 32): the review queue and
 * the approved identity, notifications, questions asked of the andee and sent, connection
 * requests both ways, connections, the Loop shelf's active and archived Loops, and a conversation (plain
 * chat, a Loop's: newest page first, each page oldest first). Each list is newest first; walking it through its "Older"
 * links gives every row once, in order, however many share a timestamp or carry microseconds; a
 * row added or taken off the list between two pages neither repeats nor hides another; a cursor
 * that is not one reads as the first page. Each page's statement reads through an index, not a
 * whole table that grows with users. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordStatements, sequentialScans } from '@agent-products/kit/testing';
import { Connections } from '../src/identity/connections.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { Notifications } from '../src/identity/notifications.ts';
import { PeerQuestions } from '../src/identity/peer-questions.ts';
import { conversationPage } from '../src/loops/conversation.ts';
import { Loops } from '../src/loops/loop-records.ts';
import { LIST_PAGE } from '../src/web/older-link.tsx';
import { createAndee, type TestAndee } from './support/andee-tokens.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let pia: TestAndee;
const OTHERS = 160;

/** Row i's time: three rows share each second, and every seventh is a few microseconds later. */
const at = (i: string) =>
  sql`timestamptz '2026-03-01 10:00:00+00' + (${sql.raw(i)} / 3) * interval '1 second' + (case when ${sql.raw(i)} % 7 = 0 then 123 else 0 end) * interval '1 microsecond'`;

beforeAll(async () => {
  amp = await startAmpersand();
  pia = await createAndee(amp, 'pia', 'Pia Page');
  const db = amp.database.db;
  const me = pia.andeeId;
  await sql`insert into andees (andee_id, tag, display_name, photo_url) select 'o' || i, 'other' || i, 'Other ' || i, null from generate_series(1, ${OTHERS}) i`.execute(
    db,
  );
  const fact = (status: string, prefix: string, n: number) => sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, visibility, status, source, created_at, updated_at)
    select ${prefix} || lpad(i::text, 3, '0'), ${me}, ${prefix} || ' fact ' || i, ${prefix} || ' fact ' || i, 'private', ${status}, 'mcp', ${at('i')}, ${at('i')}
    from generate_series(1, ${n}) i`;
  await fact('pending', 'pend', 2 * LIST_PAGE.pending + 5).execute(db);
  await fact('approved', 'appr', 2 * LIST_PAGE.approved + 7).execute(db);
  await sql`
    insert into notifications (notification_id, andee_id, kind, text, link, created_at, read_at)
    select 'note' || lpad(i::text, 3, '0'), ${me}, 'question', 'Notification ' || i, null, ${at('i')}, null from generate_series(1, ${2 * LIST_PAGE.notifications + 5}) i`.execute(
    db,
  );
  await sql`
    insert into peer_questions (question_id, asker_id, recipient_id, question, status, created_at, expires_at)
    select 'qin' || lpad(i::text, 3, '0'), 'o' || i, ${me}, 'Asked ' || i, 'pending', ${at('i')}, now() + interval '7 days' from generate_series(1, ${LIST_PAGE.questionsOpen + 5}) i
    union all
    select 'qout' || lpad(i::text, 3, '0'), ${me}, 'o' || i, 'Sent ' || i, 'answered', ${at('i')}, now() + interval '7 days' from generate_series(1, ${LIST_PAGE.questionsSent + 5}) i`.execute(
    db,
  );
  await sql`
    insert into connection_requests (request_id, from_id, to_id, note, status, created_at)
    select 'rin' || lpad(i::text, 3, '0'), 'o' || (40 + i), ${me}, null, 'pending', ${at('i')} from generate_series(1, ${LIST_PAGE.requests + 5}) i
    union all
    select 'rout' || lpad(i::text, 3, '0'), ${me}, 'o' || (80 + i), null, 'pending', ${at('i')} from generate_series(1, ${LIST_PAGE.requests + 5}) i`.execute(
    db,
  );
  await sql`
    insert into connections (andee_id, other_id, connected_at)
    select ${me}, 'o' || i, ${at('i')} from generate_series(1, ${LIST_PAGE.connections + 9}) i
    union all
    select 'o' || i, ${me}, ${at('i')} from generate_series(1, ${LIST_PAGE.connections + 9}) i`.execute(db);
  // Pia's Loops: more than one page of loop_read's shelf (200), every fifth archived, so both lists
  // of /loops run to several pages; changed at the shared times above.
  await sql`
    insert into loops (loop_id, owner_id, title, renderer, skill_id, skill_version, composition, archived_at, created_at, updated_at)
    select 'loop' || lpad(i::text, 3, '0'), ${me}, 'Loop ' || i, 'recommendations', 'skill_paged', null, null,
      case when i % 5 = 0 then ${at('i')} end, ${at('i')}, ${at('i')}
    from generate_series(1, ${5 * LIST_PAGE.loops + 20}) i`.execute(db);
  await sql`insert into loop_members (loop_id, andee_id, role, added_at) select loop_id, ${me}, 'owner', created_at from loops where owner_id = ${me}`.execute(
    db,
  );
  // Pia's plain chat and one of her Loops each hold more than two pages of messages.
  for (const [column, owner] of [
    ['chat_andee_id', me],
    ['loop_id', 'loop001'],
  ] as const) {
    await sql`
      insert into conversation_messages (message_id, ${sql.ref(column)}, seq, role, author_id, body, run_id, terminal_state, correlation_id, created_at)
      select 'msg_' || ${column} || lpad(i::text, 3, '0'), ${owner}, i, case when i % 2 = 0 then 'agent' else 'andee' end, null, 'Message ' || i, null, null, null, ${at('i')}
      from generate_series(1, ${2 * LIST_PAGE.messages + 30}) i`.execute(db);
  }
}, 180_000);
afterAll(async () => amp?.close());

interface Walk {
  ids: string[];
  pageSizes: number[];
}

/** Follows a list's "Older" links from `path` to its last page, collecting `attribute` in page order. */
async function walk(path: string, attribute: string, param: string, between?: (pageNumber: number) => Promise<void>): Promise<Walk> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let url: string | undefined = path;
  for (let n = 1; url; n++) {
    if (n > 20) throw new Error(`${path} did not end`);
    const page = await pia.browser.get(`${amp.apiUrl}${url}`);
    expect(page.status).toBe(200);
    const found = [...page.text.matchAll(new RegExp(`${attribute}="([^"]+)"`, 'g'))].map((m) => m[1]!.replaceAll('&amp;', '&'));
    ids.push(...found);
    pageSizes.push(found.length);
    url = new RegExp(`href="(/[a-z]+\\?${param}=[^"#]+)#`).exec(page.text)?.[1];
    if (between) await between(n);
  }
  return { ids, pageSizes };
}

async function newestFirst(query: string): Promise<string[]> {
  return (await sql<{ id: string }>`${sql.raw(query)}`.execute(amp.database.db)).rows.map((r) => r.id);
}

describe('every list walks newest first, each row once', () => {
  const cases = [
    [
      '/review',
      'data-signal',
      'pending',
      LIST_PAGE.pending,
      `select fact_id as id from identity_facts where status = 'pending' and fact_id like 'pend%' order by created_at desc, fact_id desc`,
    ],
    [
      '/review',
      'data-approved',
      'approved',
      LIST_PAGE.approved,
      `select fact_id as id from identity_facts where status = 'approved' and fact_id like 'appr%' order by created_at desc, fact_id desc`,
    ],
    [
      '/notifications',
      'data-notification',
      'older',
      LIST_PAGE.notifications,
      `select notification_id as id from notifications where notification_id like 'note%' order by created_at desc, notification_id desc`,
    ],
    [
      '/questions',
      'data-question',
      'asked',
      LIST_PAGE.questionsOpen,
      `select question_id as id from peer_questions where question_id like 'qin%' order by created_at desc, question_id desc`,
    ],
    [
      '/questions',
      'data-sent',
      'sent',
      LIST_PAGE.questionsSent,
      `select question_id as id from peer_questions where question_id like 'qout%' order by created_at desc, question_id desc`,
    ],
    [
      '/connections',
      'data-request',
      'incoming',
      LIST_PAGE.requests,
      `select '&' || a.tag as id from connection_requests r join andees a on a.andee_id = r.from_id where r.request_id like 'rin%' order by r.created_at desc, r.request_id desc`,
    ],
    [
      '/connections',
      'data-outgoing',
      'outgoing',
      LIST_PAGE.requests,
      `select '&' || a.tag as id from connection_requests r join andees a on a.andee_id = r.to_id where r.request_id like 'rout%' order by r.created_at desc, r.request_id desc`,
    ],
    [
      '/connections',
      'data-connection',
      'connections',
      LIST_PAGE.connections,
      `select '&' || a.tag as id from connections c join andees a on a.andee_id = c.other_id where c.andee_id = (select andee_id from andees where tag = 'pia') order by c.connected_at desc, c.other_id desc`,
    ],
  ] as const;

  for (const [path, attribute, param, size, query] of cases) {
    it(`${path} ${param}: pages of ${size}, newest first, nothing twice, nothing skipped`, async () => {
      const expected = await newestFirst(query);
      expect(expected.length).toBeGreaterThan(size);
      const walked = await walk(path, attribute, param);
      expect(walked.ids).toEqual(expected);
      expect(Math.max(...walked.pageSizes)).toBe(size);
      expect(walked.pageSizes.length).toBe(Math.ceil(expected.length / size));
    });
  }
});

describe('/loops walks both its lists, newest changed first', () => {
  // The shelf shows its two lists on one page: each list's rows are read from its own section.
  const sectionOf = (text: string, which: 'active' | 'archived') =>
    which === 'active' ? text.slice(text.indexOf('<h2 id="active">'), text.indexOf('<h2 id="archived">')) : text.slice(text.indexOf('<h2 id="archived">'));

  for (const which of ['active', 'archived'] as const) {
    it(`${which}: pages of ${LIST_PAGE.loops}, past one page of loop_read's shelf, nothing twice, nothing skipped`, async () => {
      const expected = await newestFirst(
        `select loop_id as id from loops where loop_id like 'loop%' and archived_at is ${which === 'active' ? '' : 'not '}null order by updated_at desc, loop_id desc`,
      );
      expect(expected.length).toBeGreaterThan(LIST_PAGE.loops);
      const ids: string[] = [];
      const pageSizes: number[] = [];
      let url: string | undefined = '/loops';
      for (let n = 1; url; n++) {
        if (n > 20) throw new Error('/loops did not end');
        const page = await pia.browser.get(`${amp.apiUrl}${url}`);
        expect(page.status).toBe(200);
        const section = sectionOf(page.text, which);
        const found = [...section.matchAll(/data-loop-id="([^"]+)"/g)].map((m) => m[1]!);
        ids.push(...found);
        pageSizes.push(found.length);
        url = new RegExp(`href="(/loops\\?${which}=[^"#]+)#${which}"`).exec(section)?.[1];
      }
      expect(ids).toEqual(expected);
      expect(Math.max(...pageSizes)).toBe(LIST_PAGE.loops);
      expect(pageSizes.length).toBe(Math.ceil(expected.length / LIST_PAGE.loops));
    });
  }
});

describe('a conversation walks back from its newest messages', () => {
  for (const [path, column] of [
    ['/chat', 'chat_andee_id'],
    ['/loops/loop001', 'loop_id'],
  ] as const) {
    it(`${path}: pages of ${LIST_PAGE.messages}, each oldest first, every message once back to the first`, async () => {
      const all = await newestFirst(`select message_id as id from conversation_messages where message_id like 'msg_${column}%' order by seq desc`);
      expect(all.length).toBeGreaterThan(2 * LIST_PAGE.messages);
      const pages: string[][] = [];
      let url: string | undefined = path;
      for (let n = 1; url; n++) {
        if (n > 10) throw new Error(`${path} did not end`);
        const page = await pia.browser.get(`${amp.apiUrl}${url}`);
        expect(page.status).toBe(200);
        pages.push([...page.text.matchAll(/data-message-id="([^"]+)"/g)].map((m) => m[1]!));
        // Numbered by place in the whole conversation: this page starts at its oldest message's number.
        const start = Number(/<ol class="conversation" start="(\d+)"/.exec(page.text)?.[1]);
        expect(start).toBe(all.length - pages.flat().length + 1);
        // Only the newest page is without the way back to it.
        expect(page.text.includes('Back to the newest messages')).toBe(n > 1);
        url = /href="([^"#]+\?before=\d+)#conversation"/.exec(page.text)?.[1];
      }
      expect(pages.map((p) => p.length)).toEqual([LIST_PAGE.messages, LIST_PAGE.messages, all.length - 2 * LIST_PAGE.messages]);
      // Each page reads oldest first; the pages, newest first, give every message once.
      expect(pages.flatMap((p) => [...p].reverse())).toEqual(all);
    });
  }

  it('a `before` that is not a message number reads as the newest page', async () => {
    const newest = await pia.browser.get(`${amp.apiUrl}/chat`);
    const ids = (text: string) => [...text.matchAll(/data-message-id="([^"]+)"/g)].map((m) => m[1]);
    for (const bad of ['nonsense', '0', '-5', '1.5', '99999999999', '%00']) {
      const page = await pia.browser.get(`${amp.apiUrl}/chat?before=${bad}`);
      expect([bad, page.status]).toEqual([bad, bad === '%00' ? 400 : 200]);
      if (page.status === 200) expect(ids(page.text)).toEqual(ids(newest.text));
    }
  });
});

describe('a cursor stays where it was', () => {
  it('a suggestion approved and a newer one added between two pages: the walk goes on from the last row shown', async () => {
    const db = amp.database.db;
    const before = await newestFirst(
      `select fact_id as id from identity_facts where status = 'pending' and fact_id like 'pend%' order by created_at desc, fact_id desc`,
    );
    const walked = await walk('/review', 'data-signal', 'pending', async (n) => {
      if (n !== 1) return;
      // The last row page 1 showed leaves the list; a newer suggestion arrives.
      await db
        .updateTable('identity_facts')
        .set({ status: 'approved' })
        .where('fact_id', '=', before[LIST_PAGE.pending - 1]!)
        .execute();
      await new IdentitySignals(db).write(pia.andeeId, { value: 'A brand new suggestion.', status: 'pending', provenance: { source: 'mcp' } }, new Date());
    });
    expect(walked.ids).toEqual(before);
  });

  it('a cursor that is not one reads as the first page', async () => {
    const first = await pia.browser.get(`${amp.apiUrl}/notifications`);
    for (const bad of ['nonsense', Buffer.from('["not a time","x"]').toString('base64url'), Buffer.from('{"at":1}').toString('base64url')]) {
      const page = await pia.browser.get(`${amp.apiUrl}/notifications?older=${bad}`);
      expect(page.status).toBe(200);
      expect([...page.text.matchAll(/data-notification="([^"]+)"/g)].map((m) => m[1])).toEqual(
        [...first.text.matchAll(/data-notification="([^"]+)"/g)].map((m) => m[1]),
      );
    }
  });
});

describe('each page reads through an index', () => {
  it('no statement of a later page reads a growing table whole', async () => {
    const growing = [
      'andees',
      'identity_facts',
      'notifications',
      'peer_questions',
      'connection_requests',
      'connections',
      'loops',
      'loop_members',
      'conversation_messages',
    ];
    const recorded = recordStatements(amp.database.db);
    const notifications = new Notifications(recorded.db);
    const signals = new IdentitySignals(recorded.db);
    const questions = new PeerQuestions(recorded.db, signals, notifications, 7 * 86400, () => new Date());
    const connections = new Connections(recorded.db, notifications);
    const me = pia.andeeId;
    const second = async <T extends { next: string | undefined }>(read: (after: string | undefined) => Promise<T>) => {
      const first = await read(undefined);
      expect(first.next).toBeDefined();
      return read(first.next);
    };
    await second((after) => signals.page(me, 'approved', { limit: 10, after }));
    await second((after) => notifications.page(me, { limit: 10, after }));
    await second((after) => questions.openPage(me, { limit: 10, after }));
    await second((after) => questions.sentPage(me, { limit: 10, after }));
    await second((after) => connections.requestsPage(me, 'incoming', { limit: 10, after }));
    await second((after) => connections.requestsPage(me, 'outgoing', { limit: 10, after }));
    await second((after) => connections.activePage(me, { limit: 10, after }));
    const loops = new Loops(recorded.db);
    await second(async (after) => loops.shelfPage(me, 'active', { limit: 10, after }));
    await second(async (after) => loops.shelfPage(me, 'archived', { limit: 10, after }));
    for (const where of [{ chatOf: me }, 'loop001'] as const) {
      const newest = await conversationPage(recorded.db, where, { limit: 10 });
      expect(newest.earlier).toBeDefined();
      await conversationPage(recorded.db, where, { limit: 10, before: newest.earlier });
    }
    expect(recorded.statements).toHaveLength(22);
    for (const statement of recorded.statements) {
      expect({ sql: statement.sql, scans: await sequentialScans(amp.database.db, statement, growing) }).toEqual({ sql: statement.sql, scans: [] });
    }
  });
});
