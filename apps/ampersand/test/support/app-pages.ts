/**
 * Every page of the andee's web app with something on it, for the page suite and the README
 * screenshots (scripts/screenshots.ts): one andee, Wren, with two connected apps (one of them
 * &'s own runtime), facts waiting for review and approved, a connection, a request, a question,
 * a contact who is on &, a shared Loop with an artifact, a short chat with & (a question about a
 * connection and a fact said in chat, answered without a model) and the demo graph's people to
 * try; and the list of pages, signed out and signed in, each with the path that shows it.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { insertItem } from '../../src/loops/loop-items.ts';
import { call, createAndee, type TestAndee } from './andee-tokens.ts';
import { authorizedAgent } from './loop-agent.ts';
import { chatOnPage } from './web-chat.ts';
import { authorizeUrl, pkcePair, register } from './oauth-steps.ts';
import type { RunningAmpersand } from './start-ampersand.ts';

export interface AppPage {
  name: string;
  path: string;
  /** What the page must say, so a redirect to another page is caught. */
  heading: RegExp;
}

export interface SeededApp {
  wren: TestAndee;
  signedOut: AppPage[];
  signedIn: AppPage[];
  /** A browser context signed in as Wren. */
  signedInContext(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
}

const REDIRECT = 'http://127.0.0.1:9/agent/callback';

/** An authorization request of a new client: the path of its interaction page. */
async function interactionPath(amp: RunningAmpersand, clientName: string): Promise<string> {
  const client = await register(amp.apiUrl, { client_name: clientName, redirect_uris: [REDIRECT] });
  const pkce = pkcePair();
  const response = await fetch(
    authorizeUrl(amp.apiUrl, {
      client_id: client.body.client_id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      scope: 'signals:ask connections:read loops:read',
    }),
    { redirect: 'manual' },
  );
  return new URL(response.headers.get('location')!, amp.apiUrl).pathname;
}

export async function seedAppPages(amp: RunningAmpersand): Promise<SeededApp> {
  const now = new Date();
  const [wren, kai, lou, ivy] = await Promise.all([
    createAndee(amp, 'wren', 'Wren Writer'),
    createAndee(amp, 'kai', 'Kai Kite'),
    createAndee(amp, 'lou', 'Lou Loom'),
    createAndee(amp, 'ivy', 'Ivy Ivanova-Montgomery-Fitzgerald'),
  ]);
  const person = (a: TestAndee) => ({ andeeId: a.andeeId, name: a.name, tag: a.tag, photoUrl: null });
  await amp.api.connections.connect(wren.andeeId, kai.andeeId, now);

  // Through the real OAuth flow, the Loop boxes ticked: the client is called "Agent of wren".
  const authorized = await authorizedAgent(amp, 'wren');
  const agent = authorized.client;
  await call(agent, 'identity_write', { value: 'I love pasta late at night.' });
  await call(agent, 'identity_write', { value: 'I am training for the Lisbon half marathon in March, usually on weekday mornings before work.' });
  const loop = (await call(agent, 'loop_create', { title: 'Sam’s birthday dinner', renderer: 'recommendations', skillId: 'skill_birthday_dinner' })).loop;
  await call(agent, 'loop_share', { loopId: loop.loopId, tag: 'kai' });
  await authorized.close();
  await insertItem(
    amp.database.db,
    loop.loopId,
    'agent',
    {
      kind: 'recommendation_set',
      title: 'Three places Sam would like',
      blocks: [
        { type: 'paragraph', text: 'Sam loves handmade pasta and is vegetarian; all three have vegetarian mains.' },
        { type: 'recommendation', name: 'Trattoria da Enzo', reason: 'Fresh pasta made in the window, a quiet back room for eight.' },
        { type: 'recommendation', name: 'Verde', reason: 'All-vegetarian tasting menu; books up a week ahead.' },
      ],
      fallbackText: 'Trattoria da Enzo, Verde.',
    },
    null,
    now,
  );
  await amp.api.hostedRuntime.issue(wren.andeeId, now);
  await amp.api.signals.add(wren.andeeId, 'I grow tomatoes on my balcony.', { status: 'approved', visibility: 'connected', now });
  await amp.api.signals.add(wren.andeeId, 'I speak Portuguese and a little Japanese.', { status: 'approved', visibility: 'public', now });

  await amp.database.db.transaction().execute((trx) => amp.api.connections.request(trx, person(lou), person(wren), 'From the book club', now));
  await amp.database.db.transaction().execute((trx) => amp.api.questions.ask(trx, person(kai), person(wren), 'Which book should I read next?'));
  await amp.api.contacts.setOwnPhone(ivy.andeeId, '+447911123456', undefined, now);
  await amp.api.contacts.upload(wren.andeeId, ['+447911123456', '+447911123457'], undefined, now);

  await amp.api.seedDemo();
  await amp.api.signals.add(kai.andeeId, 'I fly kites on the beach every weekend.', {
    status: 'approved',
    visibility: 'connected',
    hdsCode: 'interests.outdoors',
    now,
  });
  await chatOnPage(amp, wren, 'What does &kai like?');
  await chatOnPage(amp, wren, 'I live in a flat above a bakery in Porto.');

  const grant = (await amp.api.grants.list({ andeeId: wren.andeeId })).find((g) => g.clientName === 'Agent of wren')!;
  const signedOutInteraction = await interactionPath(amp, 'Browser Agent');

  return {
    wren,
    signedOut: [
      { name: 'front-door', path: '/', heading: /identity, for the AI agents/ },
      { name: 'sign-up', path: '/sign-up', heading: /Create your &tag/ },
      { name: 'sign-in', path: '/sign-in', heading: /Sign in to &/ },
      { name: 'connect-an-agent', path: '/connect', heading: /Connect an agent/ },
      { name: 'sign-in-to-approve', path: signedOutInteraction, heading: /Sign in to approve Browser Agent/ },
      { name: 'device-code', path: '/device', heading: /Connect a device/ },
      { name: 'dev-mailbox', path: '/dev/mailbox', heading: /dev mailbox/ },
      { name: 'not-found', path: '/no-such-page', heading: /Not found/ },
    ],
    signedIn: [
      { name: 'welcome', path: '/welcome', heading: /Welcome, Wren/ },
      { name: 'home', path: '/home', heading: /Hello, Wren[\s\S]*Waiting for you/ },
      { name: 'loop', path: `/loops/${loop.loopId}`, heading: /Sam’s birthday dinner/ },
      { name: 'loops', path: '/loops', heading: /Your Loops/ },
      { name: 'review', path: '/review', heading: /Review/ },
      { name: 'connections', path: '/connections', heading: /Connections/ },
      { name: 'remove-connection', path: '/connections/remove?tag=kai', heading: /Remove Kai Kite/ },
      { name: 'questions', path: '/questions', heading: /Questions/ },
      { name: 'notifications', path: '/notifications', heading: /Notifications/ },
      { name: 'connected-apps', path: '/apps', heading: /Connected apps/ },
      { name: 'revoke-app', path: `/apps/${encodeURIComponent(grant.grantId)}/revoke`, heading: /Revoke Agent of wren/ },
      { name: 'chat', path: '/chat', heading: /Chat with &/ },
      { name: 'approve-an-app', path: await interactionPath(amp, 'Browser Agent'), heading: /Approve on this device\?[\s\S]*Browser Agent/ },
    ],
    async signedInContext(browser, options) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const { token } = await amp.api.sessions.issueLink(wren.andeeId, new Date());
      await page.goto(`${amp.apiUrl}/sign-in/link/${token}`);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
      await page.close();
      return context;
    },
  };
}
