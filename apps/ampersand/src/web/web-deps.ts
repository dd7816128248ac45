/** What the andee's own pages (review, connections, questions, notifications) work with. */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { Connections } from '../identity/connections.ts';
import type { Contacts } from '../identity/contacts.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import type { Notifications } from '../identity/notifications.ts';
import type { PeerQuestions } from '../identity/peer-questions.ts';

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
