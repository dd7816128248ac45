/**
 * ask_question's one-statement context read (identity/ask-context-read.ts) against the separate
 * reads it replaces: the connections as `connectedPeople`, the first-party flag as
 * `FirstPartyClients`, and the prefetched signals exactly as `visibleSignals` for the same owners,
 * for every kind of viewer; a failed grant condition returns nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { AndeeRepository } from '../src/andees/andee-repository.ts';
import { askContextIf } from '../src/identity/ask-context-read.ts';
import { Connections, connectedPeople } from '../src/identity/connections.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { Notifications } from '../src/identity/notifications.ts';
import { FirstPartyClients, visibleSignals } from '../src/identity/visibility.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';

let database: TestDatabase<AmpersandDatabase>;
const ids: Record<string, string> = {};
const allowed = sql<boolean>`true`;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ask-context');
  const andees = new AndeeRepository(database.db);
  const connections = new Connections(database.db, new Notifications(database.db));
  const signals = new IdentitySignals(database.db);
  for (const tag of ['olivia', 'frank', 'stella', 'zoe']) {
    const created = await andees.create({ tag, displayName: `${tag[0]!.toUpperCase()}${tag.slice(1)} Person` });
    if (!created.ok) throw new Error(created.problem);
    ids[tag] = created.andee.andeeId;
  }
  const now = new Date();
  await connections.connect(ids.olivia!, ids.frank!, now);
  await connections.connect(ids.olivia!, ids.zoe!, now);
  let minute = 0;
  for (const tag of ['olivia', 'frank', 'stella', 'zoe']) {
    for (const visibility of ['private', 'connected', 'public'] as const) {
      await signals.add(ids[tag]!, `${tag} ${visibility} fact`, { visibility, status: 'approved', now: new Date(now.getTime() + ++minute * 60_000) });
    }
    await signals.add(ids[tag]!, `${tag} pending fact`, { visibility: 'public', status: 'pending', now });
  }
  await new FirstPartyClients(database.db).declare('own-app', 'Own app', now);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('askContextIf', () => {
  for (const clientId of ['own-app', 'third-party', undefined]) {
    it(`matches the separate reads for a ${clientId ?? 'client-less'} caller, about its tagged participants`, async () => {
      const context = await askContextIf(database.db, ids.olivia!, clientId, ['&frank', 'stella', '&Olivia', 'nobody here'], 'about', allowed);
      expect(context).toBeDefined();
      const viewer = { andeeId: ids.olivia!, firstParty: await new FirstPartyClients(database.db).isFirstParty(clientId) };
      expect(context!.viewer).toEqual(viewer);
      expect(context!.connections).toEqual(await connectedPeople(database.db, ids.olivia!));
      expect(context!.tagged.map((t) => [t.tag, t.connected]).sort()).toEqual([
        ['frank', true],
        ['stella', false],
      ]);
      const owners = [{ andeeId: ids.olivia!, connected: false }, ...context!.tagged.map((t) => ({ andeeId: t.andeeId, connected: t.connected }))];
      expect(context!.signals).toEqual(await visibleSignals(database.db, viewer, owners));
      // The caller's own private fact only through their first-party runtime.
      expect(context!.signals.some((s) => s.text === 'olivia private fact')).toBe(viewer.firstParty);
      expect(context!.signals.some((s) => s.text.includes('pending') || s.text === 'stella connected fact' || s.text === 'frank private fact')).toBe(false);
    });

    it(`matches visibleSignals over the connections for a ${clientId ?? 'client-less'} caller's audience question`, async () => {
      const context = await askContextIf(database.db, ids.olivia!, clientId, [], 'audience', allowed);
      const viewer = context!.viewer;
      expect(context!.signals).toEqual(
        await visibleSignals(
          database.db,
          viewer,
          context!.connections.map((p) => ({ andeeId: p.andeeId, connected: true })),
        ),
      );
      expect(context!.signals.some((s) => s.text === 'frank connected fact')).toBe(viewer.firstParty);
    });
  }

  it('a stranger sees public facts only, and nothing comes back when the grant condition fails', async () => {
    const context = await askContextIf(database.db, ids.stella!, 'own-app', ['&olivia'], 'about', allowed);
    expect(context!.connections).toEqual([]);
    expect(context!.signals.filter((s) => s.andeeId === ids.olivia).map((s) => s.visibility)).toEqual(['public']);
    expect(await askContextIf(database.db, ids.olivia!, 'own-app', ['&frank'], 'about', sql<boolean>`false`)).toBeUndefined();
  });
});
