/**
 * /interaction/:uid — where oidc-provider sends the browser for login and consent (authorization
 * code and device flow alike). Signed out: the sign-in form, returning here. Signed in: the
 * approval page. The answer becomes the interaction's result and the browser goes back to the
 * provider, which redirects to the client (`code` + `iss`, or `error=access_denied`). Approved on
 * a phone (a browser without the interaction cookie), the phone is told it is done and the first
 * browser continues from this page.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import QRCode from 'qrcode';
import type Provider from 'oidc-provider';
import { DEFAULT_PUBLIC_SCOPES, GRANTABLE_SCOPES, RESERVED_SCOPES, isOptIn, splitScopes } from '../scopes.ts';
import { approvalPage } from './approval-page.tsx';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';
import { checkedForm, type WebEnv } from './web-session.ts';
import { signInForm } from './sign-in-routes.tsx';

export interface ApprovalDeps {
  provider: Provider;
  publicUrl: string;
  /** The resource a request that names none is for. */
  resource: string;
}

const OIDC_SCOPES = new Set(['openid', 'offline_access']);

export function approvalRoutes(deps: ApprovalDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const { provider } = deps;

  const findInteraction = async (uid: string) => (/^[\w-]{1,64}$/.test(uid) ? provider.Interaction.find(uid) : undefined);
  const finished = () => fail('interaction_expired', 'This authorization request is finished or has expired. Start again from the app that sent you here.');

  app.get('/interaction/:uid', async (c) => {
    const uid = c.req.param('uid');
    const interaction = await findInteraction(uid);
    if (!interaction) throw finished();
    const session = c.get('session');
    if (!session) {
      return c.html(
        renderPage(
          'Sign in to continue',
          <>
            <h1>Sign in to approve</h1>
            {signInForm(`/interaction/${uid}`, 'An app is asking to connect to your &tag. Sign in first.')}
          </>,
        ),
      );
    }
    if (interaction.result) {
      return c.html(
        renderPage(
          'Continue',
          <>
            <h1>Answered</h1>
            <p class="notice">This request was already answered.</p>
            <p>
              <a href={interaction.returnTo}>Continue</a>
            </p>
          </>,
          { signedIn: true },
        ),
      );
    }
    const params = interaction.params as { client_id?: string; redirect_uri?: string; scope?: string };
    const client = params.client_id ? await provider.Client.find(params.client_id) : undefined;
    if (!client) throw fail('invalid_client', 'The app making this request is not registered.');
    const requested = splitScopes(params.scope);
    const approvalUrl = new URL(`/interaction/${uid}`, deps.publicUrl).href;
    const destination = params.redirect_uri ? new URL(params.redirect_uri).host : 'a device that showed you a code';
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'${params.redirect_uri ? ` ${new URL(params.redirect_uri).origin}` : ''}; base-uri 'none'; frame-ancestors 'none'`,
    );
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form.
    c.header('Referrer-Policy', 'same-origin');
    return c.html(
      approvalPage({
        uid,
        clientName: client.clientName ?? client.clientId,
        clientId: client.clientId,
        destination,
        defaultScopes: requested.filter((s) => (DEFAULT_PUBLIC_SCOPES as readonly string[]).includes(s)),
        optInScopes: requested.filter(isOptIn),
        refusedScopes: requested.filter((s) => (RESERVED_SCOPES as readonly string[]).includes(s)),
        andeeTag: session.andee.tag,
        csrf: session.csrfToken,
        qrSvg: await QRCode.toString(approvalUrl, { type: 'svg', margin: 1 }),
        approvalUrl,
      }),
    );
  });

  app.post('/interaction/:uid', async (c) => {
    const uid = c.req.param('uid');
    const { session, form, params: posted } = await checkedForm(c);
    const interaction = await findInteraction(uid);
    if (!interaction) throw finished();
    const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
    const andeeId = session.andee.andeeId;

    if (form.decision === 'approve') {
      const params = interaction.params as { client_id: string };
      const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
      // A step-up keeps what the grant already had: scopes are added to it, never replaced.
      const grant = existing && existing.accountId === andeeId ? existing : new provider.Grant({ accountId: andeeId, clientId: params.client_id });
      // Decided from the request itself: when the andee had no session yet, the provider asks
      // for login first and has not computed the consent details.
      const requested = splitScopes((interaction.params as { scope?: string }).scope);
      const oidcScopes = requested.filter((s) => OIDC_SCOPES.has(s));
      if (oidcScopes.length) grant.addOIDCScope(oidcScopes);
      const resource = String((interaction.params as { resource?: string }).resource ?? deps.resource);
      const ticked = new Set(posted.getAll('optIn'));
      const offered = requested.filter((s) => (GRANTABLE_SCOPES as readonly string[]).includes(s));
      const granted = offered.filter((s) => !isOptIn(s) || ticked.has(s));
      const refused = offered.filter((s) => !granted.includes(s));
      if (granted.length) grant.addResourceScope(resource, granted);
      if (refused.length) grant.rejectResourceScope(resource, refused);
      const grantId = await grant.save();
      interaction.result = { login: { accountId: andeeId }, consent: { grantId } };
    } else if (form.decision === 'deny') {
      interaction.result = { error: 'access_denied', error_description: 'The andee declined the request.' };
    } else {
      throw platformErrors.fail('invalid_arguments', 'Approve or Deny the request.', {
        fields: [{ field: 'decision', problem: 'is neither approve nor deny' }],
      });
    }
    await interaction.save(ttl);
    // oidc-provider binds the interaction to the browser that started it with this cookie.
    if (getCookie(c, '_interaction') === uid) return c.redirect(interaction.returnTo, 303);
    return c.html(
      renderPage(
        'Answered',
        <>
          <h1>Done</h1>
          <p class="notice">Your answer is recorded. Go back to the screen where you started and press Continue.</p>
        </>,
        { signedIn: true },
      ),
    );
  });

  return app;
}
