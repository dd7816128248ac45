/**
 * /interaction/:uid — where oidc-provider sends the browser for login and consent (authorization
 * code and device flow alike), answered once (auth/interaction-approvals.ts).
 *
 * The browser that started the request holds the provider's signed interaction cookie; it sees
 * the starting page (auth/interaction-pages.tsx) whether signed in or not: the client, the
 * access, the number and the QR code; signed in, it may approve right there. Any other browser
 * must be signed in and type the starting screen's number; a wrong number ends the interaction
 * with `access_denied`. The answer becomes the interaction's result, and only the starting browser
 * is sent on to the provider's resume URL (which itself checks the resume cookie), which
 * redirects to the client with the code; an approving phone is told it is done, and the starting
 * page moves on by itself (`GET /interaction/:uid/status`, polled) or with its Continue button.
 */
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import type { HttpBindings } from '@hono/node-server';
import type Provider from 'oidc-provider';
import { platformErrors } from '@agent-products/kit/errors';
import { tokensEqual } from '@agent-products/kit/web';
import { DEFAULT_PUBLIC_SCOPES, GRANTABLE_SCOPES, RESERVED_SCOPES, isOptIn, splitScopes } from '../scopes.ts';
import type { ClientAddressOf } from '../auth/client-address.ts';
import type { InteractionApprovals } from '../auth/interaction-approvals.ts';
import { answeredElsewherePage, approvingPage, startingPage, NEVER_SCAN_WARNING, type AccessView, type ClientView } from '../auth/interaction-pages.tsx';
import { INTERACTION_SCRIPT, INTERACTION_SCRIPT_PATH } from '../auth/interaction-script.ts';
import { fail } from '../errors.ts';
import { visibleLevels } from '../identity/visibility.ts';
import { renderPage } from '../shell/layout.tsx';
import { postedForm } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';
import { signInForm } from './sign-in-routes.tsx';
import { countGrantIssued } from '../auth/grant-counts.ts';

export interface ApprovalDeps {
  provider: Provider;
  approvals: InteractionApprovals;
  publicUrl: string;
  /** The resource a request that names none is for. */
  resource: string;
  /** An andee's &tag by id, for naming the account the starting screen shows. */
  tagOf(andeeId: string): Promise<string | undefined>;
  /** A request's client address (auth/client-address.ts): where a request started, and where it is approved. */
  addressOf: ClientAddressOf;
  now(): Date;
}

const OIDC_SCOPES = new Set(['openid', 'offline_access']);

type Interaction = InstanceType<Provider['Interaction']>;
type InteractionParams = { client_id?: string; redirect_uri?: string; scope?: string; resource?: string };

export function approvalRoutes(deps: ApprovalDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const steps = approvalSteps(deps);
  const { finished, findInteraction, isStarter } = steps;

  app.get(INTERACTION_SCRIPT_PATH, (c) =>
    c.body(INTERACTION_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  // Only for the starting browser: whether the request was answered, so its page can move on.
  app.get('/interaction/:uid/status', async (c) => {
    const uid = c.req.param('uid');
    const interaction = await findInteraction(uid);
    if (!interaction || !(await isStarter(c, uid))) throw finished();
    c.header('Cache-Control', 'no-store');
    return c.json({ state: interaction.result ? 'answered' : 'pending' });
  });

  app.get('/interaction/:uid', (c) => showApproval(c, deps, steps));
  app.post('/interaction/:uid', (c) => answerApproval(c, deps, steps));
  return app;
}

type ApprovalSteps = ReturnType<typeof approvalSteps>;

/** What the approval page and its answer share: the refusals, the interaction and who started it, the grant an approval makes. */
function approvalSteps(deps: ApprovalDeps) {
  const { provider, approvals } = deps;

  const finished = () =>
    fail(
      'interaction_expired',
      'This approval link has expired or its request is finished. Approval links work once and for 10 minutes; start again from the app that sent you here.',
    );
  const used = () =>
    fail('interaction_used', 'This approval link was already used: each request is answered once. If you did not answer it, start again from your app.');

  const clientAddress = (c: Context<WebEnv>) =>
    deps.addressOf((c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'));

  const findInteraction = async (uid: string) => (/^[\w-]{1,64}$/.test(uid) ? provider.Interaction.find(uid) : undefined);
  // The provider drops an interaction once its code is issued: its answered record still says it was used.
  const gone = async (uid: string) => ((await approvals.wasAnswered(uid)) ? used() : finished());

  /**
   * Whether this browser started the request: it holds the provider's interaction cookie for this
   * uid, signed with the provider's cookie keys (checked by the provider itself).
   */
  const isStarter = async (c: Context<WebEnv>, uid: string): Promise<boolean> => {
    const bindings = c.env as Partial<HttpBindings> | undefined;
    if (!bindings?.incoming || !bindings.outgoing) return false;
    try {
      return (await provider.interactionDetails(bindings.incoming, bindings.outgoing)).uid === uid;
    } catch {
      return false;
    }
  };

  /** The grant for the approved request: a step-up keeps what the andee's grant already had (scopes are added, never replaced). */
  async function grantFor(interaction: Interaction, andeeId: string, posted: URLSearchParams): Promise<string> {
    const params = interaction.params as InteractionParams & { client_id: string };
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing && existing.accountId === andeeId ? existing : new provider.Grant({ accountId: andeeId, clientId: params.client_id });
    // Decided from the request itself: when the andee had no session yet, the provider asks
    // for login first and has not computed the consent details.
    const requested = splitScopes(params.scope);
    const oidcScopes = requested.filter((s) => OIDC_SCOPES.has(s));
    if (oidcScopes.length) grant.addOIDCScope(oidcScopes);
    const resource = String(params.resource ?? deps.resource);
    const ticked = new Set(posted.getAll('optIn'));
    const offered = requested.filter((s) => (GRANTABLE_SCOPES as readonly string[]).includes(s));
    const granted = offered.filter((s) => !isOptIn(s) || ticked.has(s));
    const refused = offered.filter((s) => !granted.includes(s));
    withdrawRefusals(grant, resource, granted);
    if (granted.length) grant.addResourceScope(resource, granted);
    if (refused.length) grant.rejectResourceScope(resource, refused);
    const grantId = await grant.save();
    if (grant !== existing) countGrantIssued();
    return grantId;
  }

  return { finished, used, clientAddress, findInteraction, gone, isStarter, grantFor };
}

/** The approval page: sign in first, the starting screen (number and QR code), or the approving screen. */
async function showApproval(c: Context<WebEnv>, deps: ApprovalDeps, steps: ApprovalSteps): Promise<Response> {
  const { provider, approvals } = deps;
  const { used, clientAddress, findInteraction, gone, isStarter } = steps;
  // Its address is a capability and the starting page shows the number: kept by no cache, even
  // signed out (a session's answers are marked `private, no-store` by the session step anyway).
  c.header('Cache-Control', 'no-store');
  // Routed from '/interaction/:uid', so the parameter is there.
  const uid = c.req.param('uid')!;
  const interaction = await findInteraction(uid);
  if (!interaction) throw await gone(uid);
  const starter = await isStarter(c, uid);
  const record = await approvals.open(uid, expiryOf(interaction));
  const session = c.get('session');
  if (interaction.result) {
    // Answered (here or on a phone): the starting browser goes on to the client.
    if (starter) return c.redirect(interaction.returnTo, 303);
    throw used();
  }
  if (record.state !== 'pending') throw used();
  if (!starter && !session) {
    // The sign-in page names the app, as the approval page will.
    const clientId = (interaction.params as InteractionParams).client_id;
    const clientName = (clientId ? await provider.Client.find(clientId) : undefined)?.clientName;
    return c.html(
      renderPage(
        'Sign in to approve',
        <>
          <h1>Sign in to approve {clientName ?? 'an app'}</h1>
          {signInForm(
            `/interaction/${uid}`,
            `${clientName ?? 'An app'} is asking to connect to your &tag. Sign in on this device first (or create your &tag); then type the number shown where you started.`,
          )}
          <p class="problem">{NEVER_SCAN_WARNING}</p>
        </>,
      ),
    );
  }
  const params = interaction.params as InteractionParams;
  const client = params.client_id ? await provider.Client.find(params.client_id) : undefined;
  if (!client) throw fail('invalid_client', 'The app making this request is not registered.');
  const common = { uid, client: clientView(client, params), access: accessView(params), expiresAt: expiryOf(interaction), now: deps.now() };
  pageHeaders(c, params);
  if (starter) {
    await approvals.starterShows(uid, session?.andee.andeeId ?? null, clientAddress(c));
    const approvalUrl = new URL(`/interaction/${uid}`, deps.publicUrl).href;
    return c.html(
      startingPage({
        ...common,
        matchNumber: record.matchNumber,
        qrSvg: await QRCode.toString(approvalUrl, { type: 'svg', margin: 1 }),
        approvalUrl,
        signedIn: session ? { tag: session.andee.tag, csrf: session.csrfToken } : undefined,
      }),
    );
  }
  const signedIn = session!;
  const starterTag = record.starterAndeeId && record.starterAndeeId !== signedIn.andee.andeeId ? await deps.tagOf(record.starterAndeeId) : undefined;
  const origin = { address: record.startedFrom ?? undefined, startedAt: new Date(interaction.iat * 1000) };
  return c.html(approvingPage({ ...common, tag: signedIn.andee.tag, csrf: signedIn.csrfToken, starterTag, origin, thisAddress: clientAddress(c) }));
}

/** An answer to the request: approve (here, or on another device with the number) or decline. */
async function answerApproval(c: Context<WebEnv>, deps: ApprovalDeps, steps: ApprovalSteps): Promise<Response> {
  const { approvals } = deps;
  const { used, findInteraction, gone, isStarter, grantFor } = steps;
  // Routed from '/interaction/:uid', so the parameter is there.
  const uid = c.req.param('uid')!;
  const { fields: form, params: posted } = await postedForm(c);
  const interaction = await findInteraction(uid);
  if (!interaction) throw await gone(uid);
  const starter = await isStarter(c, uid);
  const session = c.get('session');
  // The starting browser may decline without being signed in: its signed interaction cookie
  // (SameSite=Lax, never sent by another site's form) is the proof. Everything else needs the
  // session's CSRF token, which also binds the form to the account the page named.
  const sessionForm = session !== undefined && tokensEqual(form.csrf, session.csrfToken);
  if (!sessionForm && !(starter && form.decision === 'deny')) {
    throw fail('csrf_invalid', 'This form is no longer valid; reload the page and try again.');
  }
  const record = await approvals.open(uid, expiryOf(interaction));
  if (interaction.result || record.state !== 'pending') throw used();
  const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));

  if (form.decision === 'approve') {
    const andee = session!.andee;
    if (starter) {
      if ((await approvals.answerHere(uid, andee.andeeId, 'approved')) !== 'recorded') throw used();
    } else {
      const typed = (form.number ?? '').trim();
      if (!/^\d{2}$/.test(typed)) {
        throw platformErrors.fail('invalid_arguments', 'Type the two-digit number shown on the screen where you started.', {
          fields: [{ field: 'number', problem: 'is not two digits' }],
        });
      }
      if (record.starterAndeeId && record.starterAndeeId !== andee.andeeId && form.confirmAccount !== andee.tag) {
        throw platformErrors.fail(
          'invalid_arguments',
          `The starting screen is signed in as another account; tick "connect &${andee.tag}" to approve as &${andee.tag}.`,
          {
            fields: [{ field: 'confirmAccount', problem: `must confirm &${andee.tag}` }],
          },
        );
      }
      const outcome = await approvals.approveWithNumber(uid, andee.andeeId, typed);
      if (outcome === 'already_answered') throw used();
      if (outcome === 'wrong_number') {
        // Worth an operator's look: a person approving a request their own screen did not start
        // is what cross-device consent phishing looks like.
        c.get('log').warn({ clientId: (interaction.params as InteractionParams).client_id, andeeId: andee.andeeId }, 'approval refused: wrong number');
        interaction.result = { error: 'access_denied', error_description: 'A wrong number was typed on the approving device; the request was ended.' };
        await interaction.save(ttl);
        throw fail(
          'approval_number_wrong',
          'That is not the number the starting screen shows, so this request is ended. Start again from your app if it was yours.',
        );
      }
    }
    interaction.result = { login: { accountId: andee.andeeId }, consent: { grantId: await grantFor(interaction, andee.andeeId, posted) } };
  } else if (form.decision === 'deny') {
    if ((await approvals.answerHere(uid, session?.andee.andeeId ?? null, 'declined')) !== 'recorded') throw used();
    interaction.result = { error: 'access_denied', error_description: 'The andee declined the request.' };
  } else {
    throw platformErrors.fail('invalid_arguments', 'Approve or Decline the request.', {
      fields: [{ field: 'decision', problem: 'is neither approve nor deny' }],
    });
  }
  await interaction.save(ttl);
  if (starter) return c.redirect(interaction.returnTo, 303);
  return c.html(answeredElsewherePage(form.decision === 'approve'));
}

/**
 * A scope the andee left unticked before and ticks now is granted: oidc-provider subtracts a
 * grant's rejected scopes from its granted ones, so without this a step-up to the Loop scopes on
 * the same grant would be approved and still not reach the token.
 */
function withdrawRefusals(grant: InstanceType<Provider['Grant']>, resource: string, granted: readonly string[]): void {
  const rejected = grant.rejected?.resources?.[resource];
  if (!rejected) return;
  const still = splitScopes(rejected).filter((s) => !granted.includes(s));
  if (still.length) grant.rejected!.resources![resource] = still.join(' ');
  else delete grant.rejected!.resources![resource];
}

function expiryOf(interaction: Interaction): Date {
  return new Date(interaction.exp * 1000);
}

function clientView(client: { clientId: string; clientName?: string | undefined; [key: string]: unknown }, params: InteractionParams): ClientView {
  const metadataDomain = /^https:\/\//.test(client.clientId) ? new URL(client.clientId).host : undefined;
  const issuedAt = typeof client.clientIdIssuedAt === 'number' ? new Date(client.clientIdIssuedAt * 1000) : undefined;
  return {
    name: client.clientName ?? client.clientId,
    clientId: client.clientId,
    metadataDomain,
    registeredAt: metadataDomain ? undefined : issuedAt,
    destination: params.redirect_uri ? new URL(params.redirect_uri).host : 'a device that showed you a code',
  };
}

/** An app authorized here, seen by the visibility rules: a third-party client, never & itself. */
const APP_VIEWER = { andeeId: 'the approving andee', firstParty: false };

function accessView(params: InteractionParams): AccessView {
  const requested = splitScopes(params.scope);
  return {
    defaultScopes: requested.filter((s) => (DEFAULT_PUBLIC_SCOPES as readonly string[]).includes(s)),
    optInScopes: requested.filter(isOptIn),
    refusedScopes: requested.filter((s) => (RESERVED_SCOPES as readonly string[]).includes(s)),
    factsSeen: {
      others: visibleLevels(APP_VIEWER, 'another andee', true),
      own: visibleLevels(APP_VIEWER, APP_VIEWER.andeeId, false),
    },
  };
}

function pageHeaders(c: Context<WebEnv>, params: InteractionParams): void {
  // The decision form and Continue redirect on to the client's redirect URI, which form-action must allow.
  const redirectOrigin = params.redirect_uri ? ` ${new URL(params.redirect_uri).origin}` : '';
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; connect-src 'self'; form-action 'self'${redirectOrigin}; base-uri 'none'; frame-ancestors 'none'`,
  );
  // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form.
  c.header('Referrer-Policy', 'same-origin');
}
