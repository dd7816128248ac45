/** What the andee's own pages (review, connections, questions, notifications) work with. */
import type { Context } from 'hono';
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

/** The signed-in session, or the redirect to sign in (and back here). */
export function sessionOr(c: Context<WebEnv>, path: string): WebSession | Response {
  const session = c.get('session');
  return session ?? c.redirect(`/sign-in?next=${encodeURIComponent(path)}`, 303);
}
