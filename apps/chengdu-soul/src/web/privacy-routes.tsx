/**
 * `/privacy` and its two forms. They work without sign-in, so their CSRF protection is the signed
 * double submit of the kit's `SignedFormTokens`; a shared per-minute limit bounds how fast anyone can
 * fill the tables. A stored form answers with a redirect to a thank-you page, so reloading it
 * sends nothing twice.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import type { RateLimiter } from '@agent-products/kit/store';
import { invalidArguments } from '@agent-products/kit/errors';
import { htmlDocument, readForm, type SignedFormTokens, type SiteCookies } from '@agent-products/kit/web';
import type * as z from 'zod';
import { refuseAgentCredentials } from '../access/refuse-agent-credentials.ts';
import { FORM_COOKIE } from '../access/cookie-names.ts';
import { FeedbackInput, RemovalInput, SubmissionId, type PrivacyRequests } from '../privacy/privacy-requests.ts';
import { FormRefusedPage, MessagePage } from './message-page.tsx';
import { PrivacyPage, PrivacyThanksPage, type PrivacyForms } from './privacy-page.tsx';
import { problemOf } from './service-problem.tsx';

export interface PrivacyWebOptions {
  requests: PrivacyRequests;
  formTokens: SignedFormTokens;
  cookies: SiteCookies;
  /** Shared by every process: at most so many stored forms per minute, from anyone. */
  limiter: RateLimiter;
  clock: () => Date;
  realm: string;
}

type Ctx = Context<AppEnv>;
type FormState = { feedback?: Partial<PrivacyForms['feedback']>; removal?: Partial<PrivacyForms['removal']> };

export function registerPrivacyRoutes(app: Hono<AppEnv>, o: PrivacyWebOptions): void {
  const refuseCredentials = refuseAgentCredentials(o.realm);
  for (const path of ['/privacy', '/privacy/*']) {
    app.use(path, refuseCredentials, async (c, next) => {
      await next();
      // Each render carries this visitor's form token.
      c.res.headers.set('Cache-Control', 'no-store');
    });
  }

  async function privacyPage(c: Ctx, state: FormState, status: 200 | 400) {
    const issued = await o.formTokens.issue(o.cookies.read(c, FORM_COOKIE), o.clock());
    if (issued.fresh) o.cookies.write(c, FORM_COOKIE, issued.cookie, issued.maxAgeSeconds);
    const forms: PrivacyForms = {
      csrfToken: issued.token,
      feedback: { submissionId: submissionId(), message: '', contact: '', ...state.feedback },
      removal: { submissionId: submissionId(), contact: '', details: '', ...state.removal },
    };
    return c.html(htmlDocument(<PrivacyPage forms={forms} />), status);
  }

  /** The checked, validated form, or the answer that refuses it. Nothing is stored before this passes. */
  async function acceptedForm<S extends z.ZodType>(c: Ctx, schema: S, fields: string[], which: keyof FormState) {
    // As sent: the schemas refuse unstorable text themselves and re-render the form with the rest of the visitor's words.
    const read = await readForm(c.req.raw, { text: 'as-sent' });
    if (!read.ok) {
      return c.html(
        htmlDocument(
          <MessagePage title="This form could not be read">
            <p>{read.message}</p>
          </MessagePage>,
        ),
        read.status,
      );
    }
    const { form } = read;
    if (!(await o.formTokens.verify(o.cookies.read(c, FORM_COOKIE), form.get('csrf'), o.clock()))) {
      return c.html(htmlDocument(<FormRefusedPage />), 403);
    }
    const submission = SubmissionId.safeParse(form.get('submissionId'));
    const values = Object.fromEntries(fields.map((f) => [f, form.get(f) ?? '']));
    const input = schema.safeParse(values);
    if (!submission.success || !input.success) {
      const error = invalidArguments((input.error ?? submission.error)!);
      return privacyPage(c, { [which]: { ...values, problem: problemOf(error) } }, 400);
    }
    const limit = await o.limiter.consume('privacy-forms');
    if (!limit.allowed) {
      return c.html(
        htmlDocument(
          <MessagePage title="Too many forms right now">
            <p>Nothing was stored. Please try again in {limit.retryAfterSeconds} seconds.</p>
          </MessagePage>,
        ),
        429,
        { 'Retry-After': String(limit.retryAfterSeconds) },
      );
    }
    return { submissionId: submission.data, input: input.data };
  }

  app.get('/privacy', (c) => privacyPage(c, {}, 200));

  app.post('/privacy/feedback', async (c) => {
    const accepted = await acceptedForm(c, FeedbackInput, ['message', 'contact'], 'feedback');
    if (accepted instanceof Response) return accepted;
    await o.requests.addFeedback(accepted.submissionId, accepted.input, o.clock());
    return c.redirect('/privacy/thanks?sent=feedback', 303);
  });

  app.post('/privacy/removal', async (c) => {
    const accepted = await acceptedForm(c, RemovalInput, ['contact', 'details'], 'removal');
    if (accepted instanceof Response) return accepted;
    await o.requests.addRemovalRequest(accepted.submissionId, accepted.input, o.clock());
    return c.redirect('/privacy/thanks?sent=removal', 303);
  });

  app.get('/privacy/thanks', (c) => c.html(htmlDocument(<PrivacyThanksPage sent={c.req.query('sent') === 'removal' ? 'removal' : 'feedback'} />)));
}

function submissionId(): string {
  return randomBytes(18).toString('base64url');
}
