/**
 * The approval link's rules over raw HTTP (cookie-keeping browsers): it lives 10 minutes and says
 * so, the number and the answer's status are the starting browser's alone, guesses sent in
 * parallel get one try between them, a used or expired link is a clear page (410 / 404, never a
 * 500), and the starting browser may decline without signing in while no other browser can.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@agent-products/kit/auth';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { authorizeUrl, pkcePair, register } from './support/oauth-steps.ts';

let amp: RunningAmpersand;
let phone: CookieBrowser;
let clientId: string;
const REDIRECT = 'http://127.0.0.1:1/cb';

beforeAll(async () => {
  amp = await startAmpersand();
  const created = await amp.api.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
  if (!created.ok) throw new Error('no andee');
  phone = new CookieBrowser([amp.apiUrl]);
  await phone.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(created.andee.andeeId, new Date())).token}`);
  clientId = (await register(amp.apiUrl, { client_name: 'Link Rules Client', redirect_uris: [REDIRECT] })).body.client_id;
});
afterAll(async () => {
  await amp?.close();
});

/** A fresh starting browser (not signed in) at a new request's starting page. */
async function start() {
  const desk = new CookieBrowser([amp.apiUrl]);
  const pkce = pkcePair();
  const page = await desk.get(
    authorizeUrl(amp.apiUrl, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }),
  );
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const uid = /\/interaction\/([\w-]+)$/.exec(page.url)![1]!;
  return { desk, page, uid, link: page.url, matchNumber: /data-match-number="(\d{2})"/.exec(page.text)![1]! };
}

describe('an approval link', () => {
  it('lives 10 minutes and says so', async () => {
    const { page, uid } = await start();
    expect(page.text).toMatch(/works once and expires in (10|9) minutes/);
    const row = await amp.database.db
      .selectFrom('oauth_store')
      .select('expires_at')
      .where('model', '=', 'Interaction')
      .where('id_hash', '=', hashToken(uid))
      .executeTakeFirstOrThrow();
    expect((row.expires_at!.getTime() - Date.now()) / 1000).toBeGreaterThan(590);
    expect((row.expires_at!.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(600);
  });

  it('shows its number and answers its status only to the starting browser', async () => {
    const { desk, link } = await start();
    const onPhone = await phone.get(link);
    expect(onPhone.status).toBe(200);
    expect(onPhone.text).not.toContain('data-match-number');
    expect(onPhone.text).toContain('name="number"');
    expect((await phone.get(`${link}/status`)).status).toBe(404);
    const status = await desk.get(`${link}/status`);
    expect(JSON.parse(status.text)).toEqual({ state: 'pending' });
  });

  it('gives guesses sent in parallel one try between them', async () => {
    const { desk, link, matchNumber } = await start();
    const csrf = formValue((await phone.get(link)).text, 'csrf');
    const guesses = Array.from({ length: 90 }, (_, i) => String(i + 10));
    const answers = await Promise.all(guesses.map((number) => phone.post(link, { csrf, decision: 'approve', number })));
    const statuses = answers.map((a) => a.status);
    // One answer was decided (approved, or refused for a wrong number); every other one found the link used.
    expect(statuses.filter((s) => s === 200 || s === 403)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(89);
    const decided = guesses[statuses.findIndex((s) => s === 200 || s === 403)]!;
    const back = await desk.get(link);
    if (decided === matchNumber) {
      expect(back.leftTo?.searchParams.get('code')).toBeTruthy();
    } else {
      expect(back.leftTo?.searchParams.get('error')).toBe('access_denied');
      expect(back.leftTo?.searchParams.get('code')).toBeNull();
    }
  });

  it('is a clear page once used (410) or expired (404), never a 500', async () => {
    const { desk, link, uid, matchNumber } = await start();
    const csrf = formValue((await phone.get(link)).text, 'csrf');
    expect((await phone.post(link, { csrf, decision: 'approve', number: matchNumber })).status).toBe(200);
    const used = await phone.get(link);
    expect(used.status).toBe(410);
    expect(used.text).toContain('already used');
    const again = await phone.post(link, { csrf, decision: 'approve', number: matchNumber });
    expect(again.status).toBe(410);

    const expiring = await start();
    await amp.database.db
      .updateTable('oauth_store')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('model', '=', 'Interaction')
      .where('id_hash', '=', hashToken(expiring.uid))
      .execute();
    for (const visitor of [phone, expiring.desk]) {
      const expired = await visitor.get(expiring.link);
      expect(expired.status).toBe(404);
      expect(expired.text).toContain('expired');
      expect(expired.text).toContain('10 minutes');
    }
    expect(uid).not.toBe(expiring.uid);
    expect((await desk.get(link)).leftTo?.searchParams.get('code')).toBeTruthy();
  });

  it('is the same used page (410 interaction_used) before and after the code is issued', async () => {
    const { desk, link, matchNumber } = await start();
    const csrf = formValue((await phone.get(link)).text, 'csrf');
    expect((await phone.post(link, { csrf, decision: 'approve', number: matchNumber })).status).toBe(200);
    const before = await phone.get(link);
    expect((await desk.get(link)).leftTo?.searchParams.get('code')).toBeTruthy();
    const after = await phone.get(link);
    for (const page of [before, after, await desk.get(link)]) {
      expect(page.status).toBe(410);
      expect(page.text).toContain('already used');
      expect(page.text).toContain('interaction_used');
    }
    expect((await phone.post(link, { csrf, decision: 'approve', number: matchNumber })).status).toBe(410);
  });

  it('may be declined by the starting browser without signing in, and by no other browser without its session', async () => {
    const { desk, link } = await start();
    const stranger = new CookieBrowser([amp.apiUrl]);
    expect((await stranger.post(link, { decision: 'deny' })).status).toBe(403);
    expect((await stranger.post(link, { decision: 'approve' })).status).toBe(403);
    expect((await desk.post(link, { decision: 'approve' })).status).toBe(403);
    const declined = await desk.post(link, { decision: 'deny' });
    expect(declined.leftTo?.searchParams.get('error')).toBe('access_denied');
  });
});
