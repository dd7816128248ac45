/**
 * The andee's pages over plain HTTP with a cookie-keeping browser: each needs a session, every
 * form is refused without the session's CSRF token (and changes nothing), and the review queue's
 * approve (with a changed visibility and code), edit and reject do what they say, its categories
 * read to the andee in the second person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { createAndee, type TestAndee } from './support/andee-tokens.ts';
import { register } from './support/oauth-steps.ts';
import { HOSTED_RUNTIME_CLIENT_ID } from '../src/auth/hosted-runtime.ts';
import { hdsLeaves } from '../src/identity/hds-taxonomy.ts';

let amp: RunningAmpersand;
let ivy: TestAndee;

beforeAll(async () => {
  amp = await startAmpersand();
  ivy = await createAndee(amp, 'ivy', 'Ivy Ink');
}, 180_000);
afterAll(async () => amp?.close());

const pending = async (value: string, clientId = 'c1') => {
  const outcome = await amp.api.signals.write(ivy.andeeId, { value, status: 'pending', provenance: { source: 'mcp', clientId } }, new Date());
  if (!outcome.written) throw new Error('not written');
  return outcome.signal.signalId;
};

describe('sessions and CSRF', () => {
  it('every page sends a visitor without a session to sign in', async () => {
    const anonymous = new CookieBrowser([amp.apiUrl]);
    for (const path of ['/review', '/connections', '/questions', '/notifications']) {
      const visit = await anonymous.get(`${amp.apiUrl}${path}`);
      expect(visit.url).toContain(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  it('every form is refused without the CSRF token and changes nothing', async () => {
    const id = await pending('I keep bees on my roof.');
    for (const [path, form] of [
      [`/review/${id}`, { action: 'approve' }],
      ['/connections/request', { tag: 'ivy' }],
      ['/connections/accept', { tag: 'ivy' }],
      ['/connections/deny', { tag: 'ivy' }],
      ['/connections/remove', { tag: 'ivy' }],
      ['/connections/contacts', { numbers: '+442079460001' }],
      ['/questions/q/answer', { answer: 'x' }],
      ['/questions/q/reject', {}],
      ['/notifications/read', {}],
    ] as const) {
      const visit = await ivy.browser.post(`${amp.apiUrl}${path}`, { ...form, csrf: 'wrong' });
      expect(visit.status, path).toBe(403);
    }
    expect((await amp.api.signals.byId(ivy.andeeId, id))!.status).toBe('pending');
    expect(await amp.api.contacts.contactCount(ivy.andeeId)).toBe(0);
  });

  it('the Loop pages and connected apps send a visitor without a session to sign in like every other page', async () => {
    const anonymous = new CookieBrowser([amp.apiUrl]);
    for (const path of ['/home', '/chat', '/loops', '/loops/loop_x?before=3', '/apps', '/apps/grant_x/revoke']) {
      const visit = await anonymous.get(`${amp.apiUrl}${path}`);
      expect([visit.status, visit.url], path).toEqual([200, `${amp.apiUrl}/sign-in?next=${encodeURIComponent(path)}`]);
    }
  });

  it('every form of a browser without a session is refused as csrf_invalid, not sent to sign in', async () => {
    const anonymous = new CookieBrowser([amp.apiUrl]);
    for (const path of [
      '/review/s_x',
      '/identity/s_x',
      '/facts',
      '/loops/start',
      '/loops/loop_x/run',
      '/loops/loop_x/accept',
      '/apps/grant_x/revoke',
      '/chat/send',
      '/sign-out',
    ]) {
      const visit = await anonymous.post(`${amp.apiUrl}${path}`, { csrf: 'anything', message: 'hello', value: 'I swim.' });
      expect([visit.status, visit.url, visit.text.includes('<code>csrf_invalid</code>')], path).toEqual([403, `${amp.apiUrl}${path}`, true]);
    }
  });

  it('a form carrying the CSRF field twice is refused, whichever copy is the session’s', async () => {
    const id = await pending('I sail on weekends.');
    const csrf = formValue((await ivy.browser.get(`${amp.apiUrl}/review`)).text, 'csrf');
    for (const tokens of [
      [csrf, 'wrong'],
      ['wrong', csrf],
      [csrf, csrf],
    ]) {
      const visit = await ivy.browser.post(`${amp.apiUrl}/review/${id}`, { csrf: tokens, action: 'reject' });
      expect([visit.status, visit.text.includes('<code>csrf_invalid</code>')], tokens.join()).toEqual([403, true]);
    }
    expect((await amp.api.signals.byId(ivy.andeeId, id))!.status).toBe('pending');
  });

  it('a contacts file is imported only with the session’s CSRF token', async () => {
    const cookie = `amp_session=${ivy.browser.cookie(new URL(amp.apiUrl).host, 'amp_session')}`;
    const csrf = formValue((await ivy.browser.get(`${amp.apiUrl}/connections`)).text, 'csrf');
    const upload = (token: string | undefined, withCookie = true) => {
      const body = new FormData();
      if (token !== undefined) body.append('csrf', token);
      body.append('file', new Blob(['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Lee\r\nTEL:+442079460002\r\nEND:VCARD\r\n'], { type: 'text/vcard' }), 'contacts.vcf');
      return fetch(`${amp.apiUrl}/connections/contacts/file`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: amp.apiUrl, ...(withCookie ? { Cookie: cookie } : {}) },
        body,
      });
    };
    for (const [token, withCookie] of [
      [undefined, true],
      ['wrong', true],
      [csrf, false],
    ] as const) {
      const refused = await upload(token, withCookie);
      expect([refused.status, (await refused.text()).includes('<code>csrf_invalid</code>')], `${token} ${withCookie}`).toEqual([403, true]);
    }
    expect(await amp.api.contacts.contactCount(ivy.andeeId)).toBe(0);
    const imported = await upload(csrf);
    expect(imported.status).toBe(303);
    expect(await amp.api.contacts.contactCount(ivy.andeeId)).toBe(1);
  });
});

describe('notices after an action', () => {
  it('say only what & wrote for a known action, never text carried in the address', async () => {
    const spoof = 'Your account is locked. Call +1 555 0100 to restore it.';
    for (const path of ['/connections', '/questions', '/review', '/apps']) {
      const visit = await ivy.browser.get(`${amp.apiUrl}${path}?done=${encodeURIComponent(spoof)}&tag=${encodeURIComponent(spoof)}`);
      expect(visit.status, path).toBe(200);
      expect(visit.text, path).not.toContain('Call +1 555 0100');
    }
    const removed = await ivy.browser.get(`${amp.apiUrl}/connections?done=removed&tag=${encodeURIComponent('bob. Call +1 555 0100')}`);
    expect(removed.text).not.toContain('Call +1 555 0100');
    const sent = await ivy.browser.get(`${amp.apiUrl}/connections?done=requested&tag=bob`);
    expect(sent.text).toContain('Request sent to &amp;bob.');
  });
});

describe('the review queue', () => {
  it('names the app each pending signal came from', async () => {
    const clientId = (await register(amp.apiUrl, { client_name: 'Pocket Diary', redirect_uris: ['http://127.0.0.1:1/cb'] })).body.client_id;
    const fromDiary = await pending('I journal every evening.', clientId);
    const fromAmpersand = await pending('I collect fountain pens.', HOSTED_RUNTIME_CLIENT_ID);
    const fromGone = await pending('I grow tomatoes.', 'client-since-removed');
    const page = (await ivy.browser.get(`${amp.apiUrl}/review`)).text;
    const card = (id: string) => page.slice(page.indexOf(`data-signal="${id}"`)).split('</form>')[0]!;
    expect(card(fromDiary)).toContain('From “Pocket Diary”, an app you connected,');
    expect(card(fromAmpersand)).toContain('From &amp;, your own runtime,');
    expect(card(fromGone)).toContain('From an app you connected that is no longer registered,');
    const csrf = formValue(page, 'csrf');
    for (const id of [fromDiary, fromAmpersand, fromGone]) await ivy.browser.post(`${amp.apiUrl}/review/${id}`, { csrf, action: 'reject' });
  });

  it('reads its categories to the andee (“What you do”), their stored codes unchanged', async () => {
    const written = await amp.api.signals.write(
      ivy.andeeId,
      { value: 'I work as a nurse in Leeds.', hdsCode: 'work.role', status: 'pending', provenance: { source: 'mcp', clientId: 'c1' } },
      new Date(),
    );
    if (!written.written) throw new Error('not written');
    const page = (await ivy.browser.get(`${amp.apiUrl}/review`)).text;
    const card = page.slice(page.indexOf(`data-signal="${written.signal.signalId}"`)).split('</form>')[0]!;
    expect(card).toContain('filed under <span title="work.role">What you do</span>');
    const picker = card.slice(card.indexOf('<select name="hdsCode"'), card.indexOf('</select>', card.indexOf('<select name="hdsCode"')));
    const options = [...picker.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map(([, code, words]) => ({ code, words }));
    expect(options.map((o) => o.code)).toEqual(hdsLeaves().map((l) => l.code));
    expect(options.filter((o) => /\b(they|them|their|the andee)\b/i.test(o.words!))).toEqual([]);
    for (const [code, words] of [
      ['work.role', 'What you do'],
      ['work.field', 'Your field'],
      ['places.home', 'Where you live'],
      ['preferences.travel_style', 'How you travel'],
      ['preferences.communication', 'How to reach and talk to you'],
      ['values.causes', 'Causes you support'],
    ])
      expect(options).toContainEqual({ code, words });
    await ivy.browser.post(`${amp.apiUrl}/review/${written.signal.signalId}`, { csrf: formValue(page, 'csrf'), action: 'reject' });
  });

  it('approves with another visibility and code, edits, and rejects', async () => {
    const a = await pending('I have run three marathons.');
    const b = await pending('I love ska music.');
    const c = await pending('I hate mornings.');
    const page = await ivy.browser.get(`${amp.apiUrl}/review`);
    expect(page.text).toContain('I have run three marathons.');
    expect(page.text).toContain('an app you connected');
    const csrf = formValue(page.text, 'csrf');

    await ivy.browser.post(`${amp.apiUrl}/review/${a}`, { csrf, action: 'approve', visibility: 'public', hdsCode: 'interests.sports' });
    expect(await amp.api.signals.byId(ivy.andeeId, a)).toMatchObject({ status: 'approved', visibility: 'public', hdsCode: 'interests.sports' });

    await ivy.browser.post(`${amp.apiUrl}/review/${b}`, { csrf, action: 'edit', value: 'I love ska and reggae music.' });
    expect(await amp.api.signals.byId(ivy.andeeId, b)).toMatchObject({ status: 'pending', value: 'I love ska and reggae music.' });

    await ivy.browser.post(`${amp.apiUrl}/review/${c}`, { csrf, action: 'reject' });
    expect((await amp.api.signals.byId(ivy.andeeId, c))!.status).toBe('rejected');

    const bad = await ivy.browser.post(`${amp.apiUrl}/review/${b}`, { csrf, action: 'approve', hdsCode: 'not.a_code' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('invalid_hds_code');
    expect((await amp.api.signals.byId(ivy.andeeId, b))!.status).toBe('pending');

    const again = await ivy.browser.post(`${amp.apiUrl}/review/${c}`, { csrf, action: 'approve' });
    expect(again.status).toBe(404);

    const after = await ivy.browser.get(`${amp.apiUrl}/review`);
    expect(after.text).not.toContain('I hate mornings.');
    expect(after.text).toContain('I have run three marathons.');
  });
});
