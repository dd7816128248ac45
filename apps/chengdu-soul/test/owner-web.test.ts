/**
 * The owner's web over real HTTP: one-time sign-in links (once, expired, concurrent clicks), the
 * session cookie's flags, CSRF refusals that change nothing, Agent credentials refused on web
 * routes, propose → exclude → confirm through the forms (checked in the database and at the page
 * URL), double submits, stopping sharing, the privacy forms and the operator's list commands,
 * robots.txt and the sitemap under the discovery switch, and expiry by an injected server clock.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@agent-products/kit/log';
import { rpc } from '@agent-products/kit/testing';
import { createChengduApp } from '../src/app.ts';
import { runOperator } from '../src/cli/operator.ts';
import { configFromEnv } from '../src/config.ts';
import { PrivacyRequests } from '../src/privacy/privacy-requests.ts';
import { openChengduDatabase } from '../src/store/open-chengdu-database.ts';
import { OVERNIGHT_SHORT } from '../src/web/traveler-page.tsx';
import { BUNDLED_VERSION, issueCredential, issueSignInLink, signInOwner, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const DAY = 24 * 3600_000;
const VERSION = BUNDLED_VERSION;

let server: RunningChengdu;
let cookie: string;

beforeAll(async () => {
  server = await startChengdu();
  cookie = (await signInOwner(server)).cookie;
});
afterAll(async () => {
  await server?.stop();
});

// --- Reading the server-rendered forms ---

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1]!.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()]!;
  });
}

/** The hidden fields of every form posting to `action`, in page order. */
function forms(html: string, action: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const match of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    if (!match[0].startsWith(`<form method="post" action="${action}"`)) continue;
    const fields: Record<string, string> = {};
    for (const input of match[1]!.matchAll(/<input\b([^>]*)>/g)) {
      const attrs = input[1]!;
      if (!/type="hidden"/.test(attrs)) continue;
      fields[decode(/name="([^"]*)"/.exec(attrs)![1]!)] = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
    }
    found.push(fields);
  }
  return found;
}

/** The HTML after `start` up to the next `end`. */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`no ${start}`);
  return html.slice(from, html.indexOf(end, from));
}

function form(html: string, action: string): Record<string, string> {
  const all = forms(html, action);
  if (all.length === 0) throw new Error(`no form posting to ${action}`);
  return all[0]!;
}

/** The hidden fields of the exclude button of one scene on a review page. */
function excludeForm(html: string, cardId: string): Record<string, string> {
  const found = forms(html, '/plan/exclude').find((f) => f.cardId === cardId);
  if (!found) throw new Error(`no exclude button for ${cardId}`);
  return found;
}

/** What a reader sees of an HTML fragment: its text, entities decoded, spaces collapsed. */
const plainText = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

const sceneIds = (html: string) =>
  [...html.matchAll(/<article class="scene" data-card-id="([^"]+)" data-placement="([^"]+)"/g)].map((m) => ({ cardId: m[1]!, placement: m[2]! }));

async function get(path: string, options: { cookie?: string; headers?: Record<string, string>; base?: RunningChengdu } = {}) {
  const base = options.base ?? server;
  const response = await fetch(new URL(path, base.url), {
    redirect: 'manual',
    headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function post(
  path: string,
  fields: Record<string, string | string[]>,
  options: { cookie?: string; headers?: Record<string, string>; base?: RunningChengdu } = {},
) {
  const base = options.base ?? server;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  const response = await fetch(new URL(path, base.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: base.url,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const count = async (table: 'drafts' | 'pages' | 'feedback' | 'removal_requests' | 'sessions', base = server) =>
  Number(
    (
      await base.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const choices = { dayCount: '2', rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' };

/** Renders `/` for the owner and sends its planning form with these choices. */
async function propose(extra: Record<string, string | string[]> = {}, options: { cookie?: string; base?: RunningChengdu } = {}) {
  const session = options.cookie ?? cookie;
  const home = await get('/', { cookie: session, base: options.base });
  return post('/plan', { ...form(home.html, '/plan'), ...choices, ...extra }, { cookie: session, base: options.base });
}

/** Proposes with the form and confirms the first revision; the page URL. */
async function publish(options: { cookie?: string; base?: RunningChengdu } = {}): Promise<string> {
  const review = await propose({}, options);
  expect(review.status).toBe(200);
  const published = await post('/plan/confirm', form(review.html, '/plan/confirm'), { cookie: options.cookie ?? cookie, base: options.base });
  expect(published.status).toBe(200);
  return decode(/<a href="([^"]+)" class="page-link">/.exec(published.html)![1]!);
}

describe('one-time sign-in links', () => {
  it('opening a link changes nothing; its button signs in once, and a second use is refused', async () => {
    const link = await issueSignInLink(server);
    for (let i = 0; i < 2; i++) {
      const page = await get(`/signin/${link.token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(form(page.html, '/signin')).toEqual({ token: link.token });
    }
    const first = await post('/signin', { token: link.token });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const again = await post('/signin', { token: link.token });
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.html).toContain('This sign-in link was already used');
    expect((await get(`/signin/${link.token}`)).status).toBe(410);
  });

  it('of two concurrent clicks on one link exactly one signs in', async () => {
    const link = await issueSignInLink(server);
    const sessionsBefore = await count('sessions');
    const answers = await Promise.all([1, 2, 3].map(() => post('/signin', { token: link.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410, 410]);
    expect(await count('sessions')).toBe(sessionsBefore + 1);
  });

  it('refuses an expired link and an unknown one', async () => {
    const expired = await issueSignInLink(server, { now: new Date(Date.now() - 16 * 60_000) });
    expect((await get(`/signin/${expired.token}`)).status).toBe(410);
    const refused = await post('/signin', { token: expired.token });
    expect(refused.status).toBe(410);
    expect(refused.html).toContain('This sign-in link has expired');
    expect((await post('/signin', { token: 'csl_not-a-link' })).status).toBe(404);
    expect((await get('/signin/csl_not-a-link')).status).toBe(404);
  });

  it('stores only hashes of link tokens and session ids', async () => {
    const link = await issueSignInLink(server);
    const rows = await server.database.db.selectFrom('sign_in_links').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const sessionId = cookie.split('=')[1]!;
    const sessions = await server.database.db.selectFrom('sessions').select('session_hash').execute();
    expect(sessions.map((s) => s.session_hash)).toContain(createHash('sha256').update(sessionId).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(sessionId);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure on http loopback, and signs the owner in on /', async () => {
    const { setCookie, cookie: fresh } = await signInOwner(server);
    expect(fresh).toMatch(/^chengdu_session=[A-Za-z0-9_-]{43}$/);
    const attributes = setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain(`max-age=${7 * 24 * 3600}`);
    expect(attributes).not.toContain('secure');

    const home = await get('/', { cookie: fresh });
    expect(home.status).toBe(200);
    expect(home.html).toContain('Signed in as <strong>owner@example.com</strong>');
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    expect(home.headers.get('vary')).toMatch(/cookie/i);
    expect(forms(home.html, '/plan')).toHaveLength(1);

    const signedOut = await get('/');
    expect(signedOut.html).toContain('one-time link from the operator');
    expect(signedOut.html).not.toContain('issue-signin-link');
    expect(forms(signedOut.html, '/plan')).toHaveLength(0);
  });

  it('is Secure with the __Host- prefix when the public URL is https', async () => {
    const secure = createChengduApp({
      database: server.database,
      log: createLogger({ name: 'secure-cookie-test', level: 'silent' }),
      allowedOrigins: [],
      publicUrl: 'https://chengdu.example',
      catalogRefreshMs: 0,
    });
    try {
      const link = await issueSignInLink(server);
      const response = await secure.app.request('http://127.0.0.1/signin', {
        method: 'POST',
        headers: { Host: '127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: link.token }).toString(),
      });
      expect(response.status).toBe(303);
      const attributes = (response.headers.get('set-cookie') ?? '').split(';').map((a) => a.trim().toLowerCase());
      expect(attributes[0]).toMatch(/^__host-chengdu_session=/);
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    } finally {
      await secure.close();
    }
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const { cookie: session } = await signInOwner(server);
    const home = await get('/', { cookie: session });
    const out = await post('/signout', form(home.html, '/signout'), { cookie: session });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/chengdu_session=;.*Max-Age=0/i);
    const after = await get('/', { cookie: session });
    expect(forms(after.html, '/plan')).toHaveLength(0);
    expect((await post('/plan', { ...form(home.html, '/plan'), ...choices }, { cookie: session })).status).toBe(403);
  });
});

describe('CSRF', () => {
  it('refuses POSTs without or with a wrong token (403) and changes nothing', async () => {
    const pageUrl = await publish();
    const pageId = (await server.database.db.selectFrom('pages').select('page_id').where('token', '=', pageUrl.split('/p/')[1]!).executeTakeFirstOrThrow())
      .page_id;
    const home = await get('/', { cookie });
    const planForm = form(home.html, '/plan');
    const drafts = await count('drafts');

    const withoutToken = Object.fromEntries(Object.entries(planForm).filter(([name]) => name !== 'csrf'));
    for (const csrf of [undefined, 'wrong', `${planForm.csrf!.slice(0, -1)}${planForm.csrf!.endsWith('A') ? 'B' : 'A'}`]) {
      const fields = csrf === undefined ? withoutToken : { ...withoutToken, csrf };
      const answer = await post('/plan', { ...fields, ...choices }, { cookie });
      expect(answer.status, String(csrf)).toBe(403);
      expect(answer.html).toContain('This form was refused');
      const stop = await post('/account/stop-sharing', { pageId, ...(csrf ? { csrf } : {}) }, { cookie });
      expect(stop.status).toBe(403);
      const signOut = await post('/signout', csrf ? { csrf } : {}, { cookie });
      expect(signOut.status).toBe(403);
    }
    expect(await count('drafts')).toBe(drafts);
    expect((await fetch(pageUrl)).status).toBe(200);
    expect(forms((await get('/', { cookie })).html, '/plan')).toHaveLength(1);
  });

  it('refuses a form from another session: tokens are per session', async () => {
    const other = (await signInOwner(server)).cookie;
    const home = await get('/', { cookie: other });
    const drafts = await count('drafts');
    const answer = await post('/plan', { ...form(home.html, '/plan'), ...choices }, { cookie });
    expect(answer.status).toBe(403);
    expect(await count('drafts')).toBe(drafts);
  });

  it('refuses a form post from another Origin before anything runs', async () => {
    const home = await get('/', { cookie });
    const drafts = await count('drafts');
    const answer = await post('/plan', { ...form(home.html, '/plan'), ...choices }, { cookie, headers: { Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(await count('drafts')).toBe(drafts);
  });

  it('refuses a planning POST without a session (403)', async () => {
    const answer = await post('/plan', { ...choices, csrf: 'x', idempotencyKey: 'web-key-12345', catalogVersion: VERSION });
    expect(answer.status).toBe(403);
    expect(answer.html).toContain('You are not signed in');
  });
});

describe('Agent credentials on web routes', () => {
  const ROUTES: Array<[string, string]> = [
    ['GET', '/'],
    ['POST', '/plan'],
    ['POST', '/plan/exclude'],
    ['POST', '/plan/confirm'],
    ['POST', '/account/stop-sharing'],
    ['GET', '/signin/csl_anything'],
    ['POST', '/signin'],
    ['POST', '/signout'],
    ['GET', '/privacy'],
    ['POST', '/privacy/feedback'],
    ['POST', '/privacy/removal'],
  ];

  it.for(ROUTES)('%s %s with Authorization: Bearer is refused with 401 and does nothing', async ([method, path]) => {
    const { token } = await issueCredential(server);
    const home = await get('/', { cookie });
    const drafts = await count('drafts');
    const feedback = await count('feedback');
    const fields = { ...form(home.html, '/plan'), ...choices, message: 'hello' };
    const headers = { Authorization: `Bearer ${token}` };
    const answer = method === 'GET' ? await get(path, { cookie, headers }) : await post(path, fields, { cookie, headers });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer realm="chengdu-soul", error="invalid_request", error_description="Agent credentials are accepted only on /mcp"',
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(answer.html).error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('/mcp') });
    expect(await count('drafts')).toBe(drafts);
    expect(await count('feedback')).toBe(feedback);
  });

  it('public read-only pages still answer', async () => {
    expect((await get('/agents', { headers: { Authorization: 'Bearer whatever' } })).status).toBe(200);
  });
});

describe('planning through the form', () => {
  it('propose → exclude a scene → confirm makes a draft, a revision and a page', async () => {
    const accountId = (await server.service.credentials.approvedAccount())!.accountId;
    const review = await propose({ require: ['panda-base', 'peoples-park-heming'] });
    expect(review.status).toBe(200);
    expect(review.headers.get('cache-control')).toBe('no-store');
    const scenes = sceneIds(review.html);
    expect(scenes).toHaveLength(4);
    expect(
      scenes
        .filter((s) => s.placement === 'required')
        .map((s) => s.cardId)
        .sort(),
    ).toEqual(['panda-base', 'peoples-park-heming']);
    expect(review.html).toContain('成都大熊猫繁育研究基地');
    expect(review.html).toContain('not a timed route');
    const draftRef = form(review.html, '/plan/confirm').draftRef!;
    const stored = await server.database.db.selectFrom('drafts').selectAll().where('draft_ref', '=', draftRef).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ account_id: accountId, revision: 1, confirmed_at: null });

    const dropped = scenes.find((s) => s.placement === 'recommended')!.cardId;
    const revised = await post('/plan/exclude', excludeForm(review.html, dropped), { cookie });
    expect(revised.status).toBe(200);
    expect(revised.html).toContain('Revision <span class="revision">2</span>');
    expect(sceneIds(revised.html).map((s) => s.cardId)).not.toContain(dropped);
    expect(sceneIds(revised.html).map((s) => s.cardId)).toEqual(expect.arrayContaining(['panda-base', 'peoples-park-heming']));
    const afterRevision = await server.database.db.selectFrom('drafts').selectAll().where('draft_ref', '=', draftRef).executeTakeFirstOrThrow();
    expect(afterRevision.revision).toBe(2);
    const revisions = await server.database.db
      .selectFrom('draft_revisions')
      .select(['revision', 'content'])
      .where('draft_ref', '=', draftRef)
      .orderBy('revision')
      .execute();
    expect(revisions.map((r) => r.revision)).toEqual([1, 2]);
    const current = revisions[1]!.content;
    expect(((typeof current === 'string' ? JSON.parse(current) : current) as { excludedCardIds: string[] }).excludedCardIds).toEqual([dropped]);

    const published = await post('/plan/confirm', form(revised.html, '/plan/confirm'), { cookie });
    expect(published.status).toBe(200);
    const pageUrl = decode(/<a href="([^"]+)" class="page-link">/.exec(published.html)![1]!);
    expect(pageUrl).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]{43}$`));
    const page = await server.database.db.selectFrom('pages').selectAll().where('draft_ref', '=', draftRef).executeTakeFirstOrThrow();
    expect(page).toMatchObject({ account_id: accountId, revision: 2, content_hash: afterRevision.content_hash, stopped_at: null });

    const traveler = await fetch(pageUrl);
    expect(traveler.status).toBe(200);
    const html = await traveler.text();
    expect(html).toContain('成都大熊猫繁育研究基地');
    expect(html).not.toContain(`data-card-id="${dropped}"`);
    expect(html).toMatch(/openstreetmap\.org/);

    const home = await get('/', { cookie });
    expect(home.html).toContain(`data-page-id="${page.page_id}" data-status="shared"`);
  });

  it('a double submit of one rendered form makes one draft, even when concurrent', async () => {
    const home = await get('/', { cookie });
    const fields = { ...form(home.html, '/plan'), ...choices };
    const before = await count('drafts');
    const answers = await Promise.all([post('/plan', fields, { cookie }), post('/plan', fields, { cookie })]);
    const again = await post('/plan', fields, { cookie });
    const refs = [...answers, again].map((a) => form(a.html, '/plan/confirm').draftRef);
    expect(new Set(refs).size).toBe(1);
    expect(await count('drafts')).toBe(before + 1);

    const confirmForm = form(again.html, '/plan/confirm');
    const confirmed = await Promise.all([post('/plan/confirm', confirmForm, { cookie }), post('/plan/confirm', confirmForm, { cookie })]);
    expect(confirmed.map((c) => c.status)).toEqual([200, 200]);
    const links = confirmed.map((c) => /<a href="([^"]+)" class="page-link">/.exec(c.html)![1]);
    expect(links[0]).toBe(links[1]);
    expect(await server.database.db.selectFrom('pages').select('page_id').where('draft_ref', '=', refs[0]!).execute()).toHaveLength(1);
  });

  it('lists optional day trips apart, labelled, with their caveat, and never adds one unless ticked', async () => {
    const home = await get('/', { cookie });
    const dayTrips = home.html.slice(home.html.indexOf('<legend>Optional day trips (selection only)</legend>'));
    expect(dayTrips).toContain('value="dujiangyan"');
    expect(dayTrips).toContain('<span class="tag">optional day trip</span>');
    const plain = await propose({ dayCount: '3', rhythm: 'full' });
    expect(plain.html).not.toContain('optional day trip</span>');
    const chosen = await propose({ require: 'dujiangyan' });
    expect(sceneIds(chosen.html)).toContainEqual({ cardId: 'dujiangyan', placement: 'required' });
  });

  it('shows an outing most travelers make with a night away as such, on the form and on the draft', async () => {
    const home = await get('/', { cookie });
    const dayTrips = home.html.slice(home.html.indexOf('<legend>Optional day trips (selection only)</legend>'));
    const emei = dayTrips.slice(dayTrips.indexOf('value="mount-emei"'));
    expect(emei.slice(0, emei.indexOf('</label>'))).toContain('<span class="tag">optional outing, usually overnight</span>');
    const chosen = await propose({ require: 'mount-emei' });
    expect(sceneIds(chosen.html)).toContainEqual({ cardId: 'mount-emei', placement: 'required' });
    expect(chosen.html).toContain(`<span class="tag">optional outing, ${OVERNIGHT_SHORT}</span>`);
  });

  it('shows a service refusal with its code and keeps the choices', async () => {
    const answer = await propose({ dayCount: '1', rhythm: 'spacious', require: ['panda-base', 'jinli'] });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain('data-code="too_many_required_scenes"');
    expect(answer.html).toContain('<code>too_many_required_scenes</code>');
    expect(answer.html).toMatch(/value="panda-base" checked=""/);
    const conflict = await propose({ require: 'jinli', exclude: 'jinli' });
    expect(conflict.html).toContain('data-code="selection_conflict"');
  });

  it('names invalid fields as invalid_arguments (400)', async () => {
    const answer = await propose({ dayCount: '7', rhythm: 'hurried' });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('data-code="invalid_arguments"');
    expect(answer.html).toContain('<code>dayCount</code>');
    expect(answer.html).toContain('<code>rhythm</code>');
  });

  it('a review page that went stale cannot confirm or revise: revision_conflict (409)', async () => {
    const review = await propose();
    const first = sceneIds(review.html)[0]!.cardId;
    expect((await post('/plan/exclude', excludeForm(review.html, first), { cookie })).status).toBe(200);
    const stale = await post('/plan/confirm', form(review.html, '/plan/confirm'), { cookie });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('data-code="revision_conflict"');
    const second = sceneIds(review.html)[1]!.cardId;
    expect((await post('/plan/exclude', excludeForm(review.html, second), { cookie })).html).toContain('data-code="revision_conflict"');
  });
});

describe('saved plans', () => {
  it('more plans than one page holds: the newest on `/`, the rest behind "Older saved plans", none twice', async () => {
    const pageUrl = await publish();
    const db = server.database.db;
    const model = await db
      .selectFrom('pages')
      .innerJoin('drafts', 'drafts.draft_ref', 'pages.draft_ref')
      .selectAll('pages')
      .select('drafts.catalog_version')
      .where('pages.token', '=', pageUrl.split('/p/')[1]!)
      .executeTakeFirstOrThrow();
    // Older than anything the other tests confirm, so they sort after every plan made through the forms.
    for (let n = 0; n < 25; n++) {
      const at = new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000);
      const draftRef = `dr_paging${n}`;
      await db
        .insertInto('drafts')
        .values({
          draft_ref: draftRef,
          account_id: model.account_id,
          catalog_version: model.catalog_version,
          revision: 1,
          content_hash: model.content_hash,
          created_at: at,
          updated_at: at,
          expires_at: at,
          confirmed_at: at,
        })
        .execute();
      await db
        .insertInto('pages')
        .values({
          page_id: crypto.randomUUID(),
          token: `paging${n}`,
          draft_ref: draftRef,
          account_id: model.account_id,
          revision: 1,
          content_hash: model.content_hash,
          snapshot: JSON.stringify(model.snapshot),
          created_at: at,
          expires_at: at,
        })
        .execute();
    }
    const total = Number(
      (
        await db
          .selectFrom('pages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', model.account_id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const listed: string[] = [];
    let path: string | undefined = '/';
    for (let turn = 0; path && turn < 10; turn++) {
      const page = await get(path, { cookie });
      expect(page.status).toBe(200);
      const ids = [...page.html.matchAll(/data-page-id="([^"]+)"/g)].map((m) => m[1]!);
      expect(ids.length).toBeLessThanOrEqual(20);
      if (turn === 0) expect(ids).toContain(forms(page.html, '/account/stop-sharing')[0]!.pageId);
      listed.push(...ids);
      path = /<a href="([^"]+)" class="older-plans"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
    }
    expect(listed).toHaveLength(total);
    expect(new Set(listed).size).toBe(total);
    // A cursor that was never written shows the newest plans again, not an error.
    expect((await get('/?plans=bm90LWEtY3Vyc29y', { cookie })).status).toBe(200);
  });

  it('stopping sharing makes the page 410 for everyone and the list says stopped', async () => {
    const pageUrl = await publish();
    const token = pageUrl.split('/p/')[1]!;
    const { page_id: pageId } = await server.database.db.selectFrom('pages').select('page_id').where('token', '=', token).executeTakeFirstOrThrow();
    const home = await get('/', { cookie });
    expect(home.html).toContain(`data-page-id="${pageId}" data-status="shared"`);
    const stopForm = forms(home.html, '/account/stop-sharing').find((f) => f.pageId === pageId)!;
    // The first press asks; nothing changes until the owner confirms.
    const asked = await post('/account/stop-sharing', stopForm, { cookie });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Stop sharing this plan?');
    expect((await fetch(pageUrl)).status).toBe(200);
    const confirmForm = form(asked.html, '/account/stop-sharing');
    expect(confirmForm).toMatchObject({ pageId, confirmed: 'yes' });
    const stopped = await post('/account/stop-sharing', confirmForm, { cookie });
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get('location')).toBe('/#saved-plans');

    const gone = await fetch(pageUrl);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This plan is no longer shared');
    expect((await fetch(pageUrl, { headers: { Cookie: cookie } })).status).toBe(410);
    const after = await get('/', { cookie });
    expect(after.html).toContain(`data-page-id="${pageId}" data-status="stopped"`);
    expect(forms(after.html, '/account/stop-sharing').some((f) => f.pageId === pageId)).toBe(false);
  });

  it('a page id that is not one of the owner’s pages changes nothing', async () => {
    const pageUrl = await publish();
    const { csrf } = form((await get('/', { cookie })).html, '/account/stop-sharing');
    for (const pageId of ['', 'nope', '\u0000', '00000000-0000-4000-8000-000000000000']) {
      expect((await post('/account/stop-sharing', { csrf: csrf!, pageId, confirmed: 'yes' }, { cookie })).status).toBe(303);
    }
    expect((await fetch(pageUrl)).status).toBe(200);
  });
});

describe('drafts waiting for review', () => {
  /** A draft proposed by the owner's agent over MCP, not through this site. */
  async function agentDraft() {
    const { token } = await issueCredential(server);
    const answer = await rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'propose_chengdu_itinerary',
          arguments: { dayCount: 1, rhythm: 'full', discovery: 'local', atmosphere: 'mixed', idempotencyKey: `agent-${Date.now()}` },
        },
      },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    return answer.json.result.structuredContent as { draftRef: string; contentHash: string; days: Array<{ scenes: Array<{ cardId: string }> }> };
  }

  it('lists an agent’s draft on `/`, reopens it for review, and confirming it there moves it to the saved plans', async () => {
    const draft = await agentDraft();
    const home = await get('/', { cookie });
    expect(home.html).toContain(`data-draft-ref="${draft.draftRef}"`);
    expect(home.html).toContain(`href="/plan/drafts/${draft.draftRef}"`);

    const reopened = await get(`/plan/drafts/${draft.draftRef}`, { cookie });
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('cache-control')).toBe('no-store');
    expect(reopened.html).toContain('Revision <span class="revision">1</span>');
    expect(sceneIds(reopened.html).map((s) => s.cardId)).toEqual(draft.days.flatMap((d) => d.scenes.map((s) => s.cardId)));
    expect(form(reopened.html, '/plan/confirm')).toMatchObject({ draftRef: draft.draftRef, expectedRevision: '1', expectedContentHash: draft.contentHash });

    const published = await post('/plan/confirm', form(reopened.html, '/plan/confirm'), { cookie });
    expect(published.status).toBe(200);
    const after = await get('/', { cookie });
    expect(after.html).not.toContain(`data-draft-ref="${draft.draftRef}"`);
    expect((await get(`/plan/drafts/${draft.draftRef}`, { cookie })).status).toBe(404);
  });

  it('names each draft and plan by its days, says who made it and when in China time', async () => {
    const fromAgent = await agentDraft();
    const fromWeb = await propose();
    const webRef = /name="draftRef" value="([^"]+)"/.exec(fromWeb.html)![1]!;
    const home = (await get('/', { cookie })).html;
    const card = (ref: string) => between(home, `data-draft-ref="${ref}"`, '</li>');
    expect(home).toContain(`data-draft-ref="${fromAgent.draftRef}" data-made-by="agent"`);
    expect(home).toContain(`data-draft-ref="${webRef}" data-made-by="web"`);
    expect(card(fromAgent.draftRef)).toContain('made by your agent');
    expect(card(webRef)).toContain('made here');
    expect(card(webRef)).toMatch(/Proposed \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} China time/);
    expect(card(webRef)).toContain('<strong>Day 1:</strong>');
  });

  it('keeps the draft under review at a stable address: GET /plan is the newest open draft, and each draft has its own', async () => {
    const review = await propose();
    const ref = /name="draftRef" value="([^"]+)"/.exec(review.html)![1]!;
    expect(review.html).toContain(`href="/plan/drafts/${ref}"`);
    // Reloading the page a proposal answered shows that draft again, not the form.
    const reloaded = await get('/plan', { cookie });
    expect(reloaded.status).toBe(200);
    expect(reloaded.headers.get('cache-control')).toBe('no-store');
    expect(form(reloaded.html, '/plan/confirm')).toMatchObject({ draftRef: ref, expectedRevision: '1' });
    // The review pages that answer other POSTs lead to it too; signed out, /plan leads to the start page.
    for (const path of ['/plan/exclude', '/plan/confirm']) {
      const answer = await get(path, { cookie });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/plan');
    }
    const signedOut = await get('/plan');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/');
  });

  it('lists the drafts waiting for review first, then the form and the saved plans, each named and dated, with the form words of /agents', async () => {
    await publish();
    await agentDraft();
    const home = (await get('/', { cookie })).html;
    expect(home.indexOf('id="open-drafts"')).toBeGreaterThan(0);
    expect(home.indexOf('id="open-drafts"')).toBeLessThan(home.indexOf('action="/plan"'));
    expect(home.indexOf('action="/plan"')).toBeLessThan(home.indexOf('id="saved-plans"'));
    const titles = [...home.matchAll(/<h3 class="plan-title">([\s\S]*?)<\/h3>/g)].map((m) => plainText(m[1]!));
    expect(titles.length).toBeGreaterThanOrEqual(2);
    for (const title of titles) expect(title).toMatch(/^\d days?: .+ · \d{1,2} \w{3} \d{4}$/);
    const planning = between(home, 'action="/plan"', '</form>');
    expect(plainText(planning)).toContain('Mood');
    expect(plainText(planning)).toContain('Kind of place');
    expect(planning).toMatch(/<option value="quiet"[^>]*>quiet: calmer places, good for slowing down<\/option>/);
    expect(planning).toMatch(/<option value="iconic"[^>]*>iconic: the famous sights<\/option>/);
    expect(plainText(planning)).not.toMatch(/Atmosphere|Discovery/);
  });

  it('discards a draft: it leaves the list, and confirming it afterwards is refused as expired', async () => {
    const draft = await agentDraft();
    const home = await get('/', { cookie });
    const discard = forms(home.html, '/plan/discard').find((f) => f.draftRef === draft.draftRef)!;
    const discarded = await post('/plan/discard', discard, { cookie });
    expect(discarded.status).toBe(303);
    expect(discarded.headers.get('location')).toBe('/#open-drafts');
    expect((await get('/', { cookie })).html).not.toContain(`data-draft-ref="${draft.draftRef}"`);
    expect((await get(`/plan/drafts/${draft.draftRef}`, { cookie })).status).toBe(404);
    const { token } = await issueCredential(server);
    const confirm = await rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'confirm_chengdu_draft',
          arguments: {
            draftRef: draft.draftRef,
            expectedRevision: 1,
            expectedContentHash: draft.contentHash,
            confirmation: { action: 'publish' },
            idempotencyKey: `confirm-${Date.now()}`,
          },
        },
      },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(confirm.json.result.structuredContent.error.code).toBe('draft_expired');
    // Discarding again, or someone else's draft, changes nothing.
    expect((await post('/plan/discard', discard, { cookie })).status).toBe(303);
    expect((await post('/plan/discard', { csrf: discard.csrf!, draftRef: 'dr_nothing-here' }, { cookie })).status).toBe(303);
  });

  it('shows a revised draft at its current revision', async () => {
    const draft = await agentDraft();
    const reopened = await get(`/plan/drafts/${draft.draftRef}`, { cookie });
    const dropped = draft.days[0]!.scenes[0]!.cardId;
    expect((await post('/plan/exclude', excludeForm(reopened.html, dropped), { cookie })).status).toBe(200);
    const again = await get(`/plan/drafts/${draft.draftRef}`, { cookie });
    expect(again.html).toContain('Revision <span class="revision">2</span>');
    expect(sceneIds(again.html).map((s) => s.cardId)).not.toContain(dropped);
  });

  it('opens nothing that is not the signed-in owner’s open draft', async () => {
    const other = `acct_other_${Date.now()}`;
    await server.database.db
      .insertInto('accounts')
      .values({ account_id: other, email: `${other}@example.com`, approved: false })
      .execute();
    const foreign = await server.service.drafts.propose(
      other,
      { dayCount: 1, rhythm: 'spacious', discovery: 'blend', atmosphere: 'quiet', idempotencyKey: `foreign-${Date.now()}` },
      new Date(),
    );
    expect((await get(`/plan/drafts/${foreign.draftRef}`, { cookie })).status).toBe(404);
    expect((await get('/', { cookie })).html).not.toContain(foreign.draftRef);
    for (const ref of ['dr_nothing-here', 'not-a-ref', '%00']) expect((await get(`/plan/drafts/${ref}`, { cookie })).status).toBe(404);
    const signedOut = await get(`/plan/drafts/${foreign.draftRef}`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/');
  });
});

describe('privacy forms', () => {
  async function privacyForm(action: string, cookieJar?: string) {
    const page = await get('/privacy', cookieJar ? { cookie: cookieJar } : {});
    expect(page.status).toBe(200);
    const set = page.headers.get('set-cookie');
    return { fields: form(page.html, action), cookie: cookieJar ?? set!.split(';')[0]!, setCookie: set };
  }

  it('stores feedback and a removal request once each, without sign-in, and thanks the sender', async () => {
    const feedback = await privacyForm('/privacy/feedback');
    expect(feedback.setCookie).toMatch(/^chengdu_form=[^;]+;.*HttpOnly/i);
    const before = await count('feedback');
    const fields = { ...feedback.fields, message: 'The teahouse notes were lovely.\nMore please.', contact: 'reader@example.com' };
    const sent = await post('/privacy/feedback', fields, { cookie: feedback.cookie });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/privacy/thanks?sent=feedback');
    expect((await post('/privacy/feedback', fields, { cookie: feedback.cookie })).status).toBe(303);
    expect(await count('feedback')).toBe(before + 1);
    expect((await get('/privacy/thanks?sent=feedback')).html).toContain('Your feedback is stored');

    const removal = await privacyForm('/privacy/removal', feedback.cookie);
    const asked = await post(
      '/privacy/removal',
      { ...removal.fields, contact: 'owner@example.com', details: 'Please delete my plans.' },
      { cookie: feedback.cookie },
    );
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/privacy/thanks?sent=removal');

    expect(await server.service.privacy.listFeedback()).toContainEqual(
      expect.objectContaining({ message: 'The teahouse notes were lovely.\nMore please.', contact: 'reader@example.com' }),
    );
    expect(await server.service.privacy.listRemovalRequests()).toContainEqual(
      expect.objectContaining({ contact: 'owner@example.com', details: 'Please delete my plans.' }),
    );
  });

  it('refuses a form without the form cookie, with a wrong token, or with another visitor’s cookie (403), storing nothing', async () => {
    const mine = await privacyForm('/privacy/feedback');
    const theirs = await privacyForm('/privacy/feedback');
    const before = await count('feedback');
    const fields = { ...mine.fields, message: 'forged' };
    expect((await post('/privacy/feedback', fields)).status).toBe(403);
    expect((await post('/privacy/feedback', { ...fields, csrf: 'wrong' }, { cookie: mine.cookie })).status).toBe(403);
    expect((await post('/privacy/feedback', fields, { cookie: theirs.cookie })).status).toBe(403);
    expect(await count('feedback')).toBe(before);
  });

  it('names what is missing and keeps what was written (400)', async () => {
    const removal = await privacyForm('/privacy/removal');
    const answer = await post('/privacy/removal', { ...removal.fields, contact: '', details: 'my plan from Tuesday' }, { cookie: removal.cookie });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('data-code="invalid_arguments"');
    expect(answer.html).toContain('Say how the operator can reach you.');
    expect(answer.html).toContain('my plan from Tuesday</textarea>');
  });

  it('refuses text PostgreSQL cannot store (NUL) as invalid instead of failing', async () => {
    const feedback = await privacyForm('/privacy/feedback');
    const before = await count('feedback');
    const answer = await post('/privacy/feedback', { ...feedback.fields, message: 'hello\u0000there' }, { cookie: feedback.cookie });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('without NUL characters');
    expect(await count('feedback')).toBe(before);
  });

  it('says what is stored and for how long', async () => {
    const { html } = await get('/privacy');
    for (const words of ['seven days after the draft', 'Sign-in and sessions', '15 minutes', 'after 7 days or when you sign out', 'deleted 365 days after']) {
      expect(html).toContain(words);
    }
  });
});

describe('robots.txt and the sitemap follow the discovery switch', () => {
  it('off (the default): everything disallowed and no sitemap', async () => {
    await server.service.discovery.set(false, new Date());
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.html).toBe('User-agent: *\nDisallow: /p/\nDisallow: /\n');
    expect((await get('/sitemap.xml')).status).toBe(404);
  });

  it('on: /agents allowed, /p/ still disallowed, the sitemap lists /agents and every scene overview', async () => {
    await server.service.discovery.set(true, new Date());
    try {
      const robots = (await get('/robots.txt')).html;
      expect(robots).toContain('Allow: /agents\n');
      expect(robots).toContain('Disallow: /p/\n');
      expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
      const sitemap = await get('/sitemap.xml');
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
      const locs = [...sitemap.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      const sceneCount = server.release.scenes.length;
      expect(locs).toHaveLength(sceneCount + 1);
      expect(locs[0]).toBe(`${server.url}/agents`);
      expect(locs).toContain(`${server.url}/agents/scenes/panda-base`);
      expect(locs.some((l) => l.includes('/p/'))).toBe(false);
      const pageUrl = await publish();
      const page = await fetch(pageUrl);
      expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
      expect(await page.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    } finally {
      await server.service.discovery.set(false, new Date());
    }
  });
});

describe('expiry by the server clock', () => {
  let now = Date.now();
  let clocked: RunningChengdu;
  let session: string;

  beforeAll(async () => {
    clocked = await startChengdu({ clock: () => new Date(now) });
    session = (await signInOwner(clocked, { now: new Date(now) })).cookie;
  });
  afterAll(async () => {
    await clocked?.stop();
  });

  it('a traveler page works until seven days after drafting, then answers 410 expired', async () => {
    const pageUrl = await publish({ cookie: session, base: clocked });
    now += 7 * DAY - 60_000;
    expect((await fetch(pageUrl)).status).toBe(200);
    now += 60_000;
    const expired = await fetch(pageUrl);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This plan link has expired');
  });

  it('a session ends seven days after sign-in and a link fifteen minutes after issue', async () => {
    const link = await issueSignInLink(clocked, { now: new Date(now) });
    const fresh = (await signInOwner(clocked, { now: new Date(now) })).cookie;
    expect(forms((await get('/', { cookie: fresh, base: clocked })).html, '/plan')).toHaveLength(1);
    now += 15 * 60_000;
    expect((await post('/signin', { token: link.token }, { base: clocked })).status).toBe(410);
    now += 7 * DAY;
    const ended = await get('/', { cookie: fresh, base: clocked });
    expect(forms(ended.html, '/plan')).toHaveLength(0);
    expect(ended.headers.get('set-cookie')).toMatch(/^chengdu_session=;.*Max-Age=0/i);
    expect(forms((await get('/', { cookie: session, base: clocked })).html, '/plan')).toHaveLength(0);
  });
});

describe('operator commands', () => {
  const work = mkdtempSync(join(tmpdir(), 'chengdu-owner-operator-'));
  const saved = { ...process.env };

  beforeAll(() => {
    process.env.CHENGDU_SOUL_DATA_DIR = join(work, 'db');
    process.env.CHENGDU_SOUL_PUBLIC_URL = 'https://chengdu.example';
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    process.env = saved;
    rmSync(work, { recursive: true, force: true });
  });

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runOperator(argv, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  }

  it('issue-signin-link needs an approved account and prints the link once', async () => {
    expect((await run('issue-signin-link')).code).toBe(1);
    expect((await run('approve-account', 'owner@example.com')).code).toBe(0);
    const issued = await run('issue-signin-link');
    expect(issued.code).toBe(0);
    const url = /https:\/\/chengdu\.example\/signin\/(csl_[A-Za-z0-9_-]{43})/.exec(issued.output);
    expect(url).not.toBeNull();
    const database = await openChengduDatabase(configFromEnv());
    try {
      const row = await database.db.selectFrom('sign_in_links').selectAll().executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(url![1]!).digest('hex'));
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(15 * 60_000);
    } finally {
      await database.close();
    }
  });

  it('list-feedback and list-removal-requests show what visitors sent, one line each; a handled request says so', async () => {
    expect((await run('list-feedback')).output).toBe('no feedback');
    const database = await openChengduDatabase(configFromEnv());
    try {
      const requests = new PrivacyRequests(database.db);
      await requests.addFeedback('submission-0000000001', { message: 'Two lines\nof praise \u001b[31m', contact: 'a@example.com' }, new Date());
      await requests.addRemovalRequest('submission-0000000002', { contact: 'b@example.com', details: 'Remove plan /p/abc' }, new Date());
    } finally {
      await database.close();
    }
    const feedback = await run('list-feedback');
    expect(feedback.code).toBe(0);
    expect(feedback.output.split('\n')).toHaveLength(1);
    expect(feedback.output).toMatch(/^fb_\S+\t\d{4}-\d\d-\d\dT\S+\ta@example\.com\tTwo lines\\nof praise \\u001b\[31m$/);
    const removal = await run('list-removal-requests');
    expect(removal.output).toMatch(/^rr_\S+\t\S+\topen\tb@example\.com\tRemove plan \/p\/abc$/);

    const requestId = removal.output.split('\t')[0]!;
    expect(await run('mark-removal-handled', requestId)).toEqual({ code: 0, output: `${requestId} marked handled` });
    expect((await run('list-removal-requests')).output).toMatch(/^rr_\S+\t\S+\thandled \d{4}-\d\d-\d\dT\S+\tb@example\.com\t/);
    expect((await run('mark-removal-handled', requestId)).code).toBe(1);
    expect((await run('mark-removal-handled', 'rr_unknown')).code).toBe(1);
  });

  it('discovery on|off|status switches and reports', async () => {
    expect((await run('discovery', 'status')).output).toMatch(/^discovery off/);
    expect((await run('discovery', 'on')).output).toMatch(/^discovery on/);
    expect((await run('discovery', 'status')).output).toMatch(/^discovery on/);
    expect((await run('discovery', 'off')).output).toMatch(/^discovery off/);
    expect((await run('discovery', 'maybe')).code).toBe(1);
    expect((await run('help')).output).toMatch(/issue-signin-link[\s\S]*list-feedback[\s\S]*list-removal-requests[\s\S]*discovery on\|off\|status/);
  });
});
