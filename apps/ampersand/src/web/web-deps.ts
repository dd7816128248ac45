/** What the andee's own pages (review, connections, questions, notifications) work with. */
import type { Context, MiddlewareHandler } from 'hono';
import { requireSession } from '@agent-products/kit/web';
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { WebSession } from '../andees/web-sessions.ts';
import type { Connections } from '../identity/connections.ts';
import type { Contacts } from '../identity/contacts.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import type { Notifications } from '../identity/notifications.ts';
import type { PeerQuestions } from '../identity/peer-questions.ts';
import type { WebEnv } from './web-session.ts';

export interface AndeePagesDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  signals: IdentitySignals;
  connections: Connections;
  contacts: Contacts;
  notifications: Notifications;
  questions: PeerQuestions;
  now: () => Date;
}

/**
 * The kit's session step (as Chengdu Soul's owner pages use it) for a page that needs a signed-in
 * andee: a visitor without a session is sent to sign in, and back to this address after.
 */
export const signedIn = requireSession<WebSession>((c) => {
  const url = new URL(c.req.url);
  return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
}) as unknown as MiddlewareHandler<WebEnv>;

/** The session of a page behind `signedIn`. */
export function sessionOf(c: Context<WebEnv>): WebSession {
  const session = c.get('session');
  if (!session) throw new Error('A page behind signedIn ran without a session.');
  return session;
}
