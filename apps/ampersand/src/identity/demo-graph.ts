/**
 * The demo graph: eight clearly labelled andees (tags `demo_*`, names ending in "(demo)") with
 * facts at every visibility, connections, contacts, pending requests and questions — and, for
 * &demo_ada, photo labels and resolved places (demo-evidence.ts) — so a newcomer can connect a
 * client, or the hosted runtime, and get real answers at once. `npm start` seeds it once on the embedded
 * default database only; on PostgreSQL only the explicit `npm run ampersand -- seed-demo` does.
 * Seeding is idempotent: when &demo_ada exists, nothing is written.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { Connections, Person } from './connections.ts';
import type { Contacts } from './contacts.ts';
import type { IdentitySignals, Visibility } from './identity-signals.ts';
import type { PeerQuestions } from './peer-questions.ts';
import { seedDemoEvidence } from './demo-evidence.ts';

export interface DemoDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  signals: IdentitySignals;
  connections: Connections;
  contacts: Contacts;
  questions: PeerQuestions;
}

type Fact = [text: string, visibility: Visibility];

// Numbers from Ofcom's range reserved for drama (020 7946 0xxx): they reach no one.
const PEOPLE: Array<{ tag: string; name: string; phone: string; facts: Fact[] }> = [
  {
    tag: 'demo_ada',
    name: 'Ada Byron (demo)',
    phone: '+442079460100',
    facts: [
      ['I love handmade pasta and Italian food.', 'public'],
      ['I work as a mathematician at a small research lab.', 'connected'],
      ['I am nervous about my thesis defence in March.', 'private'],
      ['I play jazz piano on weekends.', 'public'],
    ],
  },
  {
    tag: 'demo_ben',
    name: 'Ben Okafor (demo)',
    phone: '+442079460101',
    facts: [
      ['I go to a jazz club every Friday night.', 'public'],
      ['I am vegetarian.', 'connected'],
      ['My sister Ama lives in Accra.', 'private'],
    ],
  },
  {
    tag: 'demo_cleo',
    name: 'Cleo Martin (demo)',
    phone: '+442079460102',
    facts: [
      ['I climb at the bouldering gym twice a week.', 'public'],
      ['I am learning Japanese for a trip to Kyoto.', 'connected'],
      ['I dislike loud parties.', 'connected'],
    ],
  },
  {
    tag: 'demo_dev',
    name: 'Dev Patel (demo)',
    phone: '+442079460103',
    facts: [
      ['I build robots with my kids.', 'public'],
      ['I work as a software engineer.', 'public'],
      ['I have two cats called Pixel and Byte.', 'connected'],
    ],
  },
  {
    tag: 'demo_eli',
    name: 'Eli Novak (demo)',
    phone: '+442079460104',
    facts: [
      ['I love live music, especially jazz and soul.', 'connected'],
      ['I grew up in Prague.', 'public'],
    ],
  },
  {
    tag: 'demo_fern',
    name: 'Fern Alvarez (demo)',
    phone: '+442079460105',
    facts: [
      ['I run a pottery studio in Hackney.', 'public'],
      ['I am training for the London marathon.', 'public'],
    ],
  },
  {
    tag: 'demo_gio',
    name: 'Gio Rossi (demo)',
    phone: '+442079460106',
    facts: [
      ['I cook Sichuan food every Sunday.', 'public'],
      ['I volunteer at a food bank.', 'connected'],
    ],
  },
  {
    tag: 'demo_hana',
    name: 'Hana Sato (demo)',
    phone: '+442079460107',
    facts: [
      ['I collect vinyl jazz records.', 'public'],
      ['I teach primary school.', 'public'],
    ],
  },
];

/** The demo andees' tags, in the order the demo lists them. */
export const DEMO_TAGS: readonly string[] = PEOPLE.map((p) => p.tag);

/** What each demo andee is like in a few words: their first public fact, for "People to try". */
export const DEMO_INTRODUCTIONS: ReadonlyMap<string, string> = new Map(PEOPLE.map((p) => [p.tag, p.facts.find(([, v]) => v === 'public')?.[0] ?? '']));

const CONNECTED: Array<[string, string]> = [
  ['demo_ada', 'demo_ben'],
  ['demo_ada', 'demo_cleo'],
  ['demo_ada', 'demo_dev'],
  ['demo_ada', 'demo_eli'],
  ['demo_ben', 'demo_cleo'],
  ['demo_eli', 'demo_fern'],
  ['demo_gio', 'demo_hana'],
];

export async function seedDemoGraph(deps: DemoDeps, now: Date): Promise<{ seeded: boolean; tags: string[] }> {
  if (await deps.andees.byTag('demo_ada')) return { seeded: false, tags: PEOPLE.map((p) => p.tag) };
  const people = new Map<string, Person>();
  for (const p of PEOPLE) {
    const created = await deps.andees.create({ tag: p.tag, displayName: p.name });
    if (!created.ok) throw new Error(`demo andee ${p.tag}: ${created.problem}`);
    people.set(p.tag, { andeeId: created.andee.andeeId, name: p.name, tag: p.tag, photoUrl: null });
    for (const [text, visibility] of p.facts) await deps.signals.add(created.andee.andeeId, text, { visibility, status: 'approved', now, source: 'demo' });
    await deps.contacts.setOwnPhone(created.andee.andeeId, p.phone, undefined, now);
  }
  const id = (tag: string) => people.get(tag)!;
  for (const [a, b] of CONNECTED) await deps.connections.connect(id(a).andeeId, id(b).andeeId, now);
  // Ada has Fern's and Gio's numbers; Gio has Ada's: Gio is a mutual suggestion, Fern a one-way one.
  await deps.contacts.upload(id('demo_ada').andeeId, ['+442079460105', '+442079460106'], undefined, now);
  await deps.contacts.upload(id('demo_gio').andeeId, ['+442079460100'], undefined, now);
  // Something to review, to accept and to answer.
  await deps.signals.add(id('demo_ada').andeeId, 'I want to learn to sail next summer.', { visibility: 'private', status: 'pending', now, source: 'demo' });
  await deps.db.transaction().execute(async (trx) => {
    await deps.connections.request(trx, id('demo_hana'), id('demo_ada'), 'We met at the record fair!', now);
    await deps.connections.request(trx, id('demo_ada'), id('demo_gio'), undefined, now);
    await deps.questions.ask(trx, id('demo_ben'), id('demo_ada'), 'Which pasta place should I try this weekend?');
    await deps.questions.ask(trx, id('demo_ada'), id('demo_cleo'), 'Want to come bouldering on Thursday?');
  });
  await seedDemoEvidence(deps.db, id('demo_ada').andeeId, now);
  return { seeded: true, tags: PEOPLE.map((p) => p.tag) };
}
