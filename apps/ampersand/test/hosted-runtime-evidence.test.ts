/**
 * The hosted-runtime evidence tools through the official MCP client: shown and answered only to
 * the & runtime's principal, for the authenticated andee's own evidence; identity_read pages a
 * fixed snapshot that concurrent writes never shift; photo and place evidence arrive from the
 * andee's first-party app as derived data only; a scan of every evidence response finds nothing
 * coordinate-shaped; suggestion feedback aggregates the andee's review decisions.
 */
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirstPartyClients } from '../src/identity/visibility.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { pinSkill } from '../src/loops/skill-pins.ts';
import { formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { claimsOf } from './support/oauth-steps.ts';
import { startRuntimeStandIn, type RuntimeStandIn } from './support/runtime-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const COORDINATE_SHAPED = /"(lat|lng|lon|long|latitude|longitude|coords?|coordinates?|geo|location)"\s*:|-?\d{1,3}\.\d{3,}\s*[,;/ ]\s*-?\d{1,3}\.\d{3,}/i;

let runtimeServer: RuntimeStandIn;
let amp: RunningAmpersand;
let mara: Agent;
let runtime: Client;
const responses: string[] = [];

async function evidence(name: string, args: Record<string, unknown>) {
  const result = (await runtime.callTool({ name, arguments: args })) as any;
  responses.push(JSON.stringify(result));
  return result.structuredContent;
}

async function intake(path: string, body: unknown) {
  const response = await fetch(`${amp.apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mara.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  runtimeServer = await startRuntimeStandIn();
  amp = await startAmpersand({ settings: { runtimeUrl: runtimeServer.url } });
  mara = await authorizedAgent(amp, 'mara');
  // Mara's agent stands in for her own & app here: the operator declares its client first-party.
  await new FirstPartyClients(amp.database.db).declare(claimsOf(mara.accessToken).client_id, 'the & app', new Date());
  runtime = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${(await amp.api.hostedRuntime.issue(mara.andeeId, new Date())).accessToken}` });
}, 90_000);
afterAll(async () => {
  await runtime?.close();
  await mara?.close();
  await amp?.close();
  await runtimeServer?.close();
});

describe('who may read evidence', () => {
  it('a public OAuth client is not shown the evidence tools and the API refuses its token', async () => {
    const names = (await mara.client.listTools()).tools.map((t) => t.name);
    for (const name of ['identity_read', 'photo_evidence_read', 'place_evidence_read', 'suggestion_feedback_read']) expect(names).not.toContain(name);
    // identity_read's grant check rides on its page's statement; the scope refusal still comes first.
    const direct = await fetch(`${amp.apiUrl}/v1/evidence/identity`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mara.accessToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(403);
    expect(direct.headers.get('www-authenticate')).toContain('signals:evidence_read');
    expect((await runtime.listTools()).tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['identity_read', 'photo_evidence_read', 'place_evidence_read', 'suggestion_feedback_read']),
    );
  });
});

describe('identity_read', () => {
  it('pages a fixed snapshot that concurrent writes never shift', async () => {
    const signals = new IdentitySignals(amp.database.db);
    const before = new Date(Date.now() - 60_000);
    for (let i = 0; i < 120; i++)
      await signals.add(mara.andeeId, `Fact number ${i} about my week.`, {
        status: 'approved',
        now: new Date(before.getTime() + i),
        hdsCode: 'interests.music_making',
      });
    const first = await evidence('identity_read', { limit: 50 });
    expect(first.facts).toHaveLength(50);
    const seen = [...first.facts];
    let cursor = first.nextCursor;
    let writes = 0;
    while (cursor) {
      // Writes land between pages: they are after the snapshot and never move a page.
      await Promise.all([
        signals.add(mara.andeeId, `Written during paging ${writes++}.`, { status: 'approved', now: new Date(), hdsCode: 'interests.music_making' }),
        signals.add(mara.andeeId, `Another during paging ${writes++}.`, { status: 'approved', now: new Date(), hdsCode: 'interests.music_making' }),
      ]);
      const page = await evidence('identity_read', { snapshotAt: first.snapshotAt, cursor, limit: 50 });
      expect(page.snapshotAt).toBe(first.snapshotAt);
      seen.push(...page.facts);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((f: { signalId: string }) => f.signalId)).size).toBe(120);
    expect(seen.some((f: { text: string }) => f.text.includes('during paging'))).toBe(false);
    expect((await evidence('identity_read', { cursor: 'garbage' })).error.code).toBe('invalid_arguments');
    expect((await evidence('identity_read', { snapshotAt: first.snapshotAt, cursor: 'bm90LWEtY3Vyc29y' })).error.code).toBe('invalid_arguments');
  }, 90_000);
});

describe('photo and place evidence', () => {
  it('is refused from a third-party OAuth client, with the code that says why', async () => {
    const other = await authorizedAgent(amp, 'tove');
    try {
      const response = await fetch(`${amp.apiUrl}/v1/evidence/photos`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${other.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          labels: [{ label: 'sourdough', category: 'food', photoCount: 12, confidence: 'medium' }],
          coverage: { photosSeen: 900, photosLabelled: 850 },
        }),
      });
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('first_party_only');
    } finally {
      await other.close();
    }
  }, 90_000);

  it('arrives from the andee’s app as derived data only and reads back without a coordinate', async () => {
    expect(
      (
        await intake('/v1/evidence/photos', {
          labels: [{ label: 'golden retriever', category: 'animal', photoCount: 41, confidence: 'high', latitude: 39.1 }],
          coverage: { photosSeen: 900, photosLabelled: 850 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await intake('/v1/evidence/photos', {
          labels: [
            { label: 'golden retriever', category: 'animal', photoCount: 41, confidence: 'high' },
            { label: 'sourdough', category: 'food', photoCount: 12, confidence: 'medium' },
          ],
          coverage: { photosSeen: 900, photosLabelled: 850 },
        })
      ).status,
    ).toBe(200);
    // One intake: both labels were first seen at once, so which comes first is the tie-break's (newest first, evidence-paging.test.ts).
    const photos = await evidence('photo_evidence_read', { limit: 1 });
    expect(photos).toMatchObject({ coverage: { photosSeen: 900, photosLabelled: 850 }, nextCursor: expect.any(String), nextOffset: 1 });
    const rest = await evidence('photo_evidence_read', { cursor: photos.nextCursor });
    expect(rest).toMatchObject({ nextCursor: null, nextOffset: null });
    expect((await evidence('photo_evidence_read', { offset: 1 })).labels).toEqual(rest.labels);
    const labels = [...photos.labels, ...rest.labels];
    expect(labels.map((l: { label: string }) => l.label).sort()).toEqual(['golden retriever', 'sourdough']);
    expect(labels.find((l: { label: string }) => l.label === 'golden retriever')).toMatchObject({ photoCount: 41 });

    expect(
      (
        await intake('/v1/evidence/places', {
          places: [],
          observations: [
            {
              observationKey: 'obs_x',
              observedAt: '2026-11-01T10:00:00Z',
              confidence: 'high',
              fact: 'Stood at 39.0997, -94.5786 for an hour.',
              selectedPlaceId: 'pl_nelson',
              candidates: [],
            },
          ],
        })
      ).body.error.code,
    ).toBe('invalid_arguments');
    const places = [
      {
        placeId: 'pl_nelson',
        name: 'Nelson-Atkins Museum of Art',
        category: 'museum',
        description: 'A large art museum known for its Bloch Building and sculpture park.',
      },
      { placeId: 'pl_kemper', name: 'Kemper Museum', category: 'museum' },
      { placeId: 'pl_joes', name: "Joe's Kansas City Bar-B-Que", category: 'restaurant', description: 'Barbecue in a gas station.' },
    ];
    const observations = [
      {
        observationKey: 'obs_1',
        observedAt: '2026-11-01T10:00:00Z',
        confidence: 'high',
        fact: 'Spent two hours at the Nelson-Atkins on a Saturday morning.',
        selectedPlaceId: 'pl_nelson',
        candidates: [
          { placeId: 'pl_nelson', rank: 1, distanceMeters: 12 },
          { placeId: 'pl_kemper', rank: 2, distanceMeters: 640 },
        ],
      },
      {
        observationKey: 'obs_2',
        observedAt: '2026-11-08T19:00:00Z',
        confidence: 'medium',
        fact: "Dinner at Joe's on a Friday.",
        selectedPlaceId: 'pl_joes',
        candidates: [{ placeId: 'pl_joes', rank: 1, distanceMeters: 30 }],
      },
      {
        observationKey: 'obs_3',
        observedAt: '2026-11-15T14:00:00Z',
        confidence: 'low',
        fact: 'A short stop near the Kemper Museum.',
        selectedPlaceId: 'pl_kemper',
        candidates: [
          { placeId: 'pl_kemper', rank: 1, distanceMeters: 90 },
          { placeId: 'pl_nelson', rank: 2, distanceMeters: 650 },
        ],
      },
    ];
    expect((await intake('/v1/evidence/places', { places, observations })).status).toBe(200);
    const all = await evidence('place_evidence_read', {});
    expect(all.rows.map((r: { observationKey: string }) => r.observationKey)).toEqual(['obs_3', 'obs_2', 'obs_1']);
    expect(all.places).toHaveLength(3);
    expect(all.places.find((p: { placeId: string }) => p.placeId === 'pl_kemper')).toMatchObject({ status: 'pending', description: null });
    expect(all.rows[2].candidates.map((c: { name: string }) => c.name)).toEqual(['Nelson-Atkins Museum of Art', 'Kemper Museum']);
    const museums = await evidence('place_evidence_read', { category: 'museum', confidenceFloor: 'medium' });
    expect(museums.rows.map((r: { observationKey: string }) => r.observationKey)).toEqual(['obs_1']);
    const window = await evidence('place_evidence_read', { since: '2026-11-05T00:00:00Z', until: '2026-11-10T00:00:00Z' });
    expect(window.rows.map((r: { observationKey: string }) => r.observationKey)).toEqual(['obs_2']);
    expect((await evidence('place_evidence_read', { limit: 201 })).error.code).toBe('invalid_arguments');
  });

  it('no evidence response contains anything coordinate-shaped', () => {
    expect(responses.length).toBeGreaterThan(5);
    for (const text of responses) expect(text).not.toMatch(COORDINATE_SHAPED);
  });
});

describe('suggestion_feedback_read', () => {
  it('aggregates the andee’s review decisions on drafted suggestions', async () => {
    const loopId = (
      (await mara.client.callTool({ name: 'loop_create', arguments: { title: 'Get to know me', renderer: 'profile', skillId: 'skill_get_to_know_me' } })) as any
    ).structuredContent.loop.loopId;
    await pinSkill(
      amp.database.db,
      loopId,
      { instructions: 'Learn who the andee is.' },
      { artifactKinds: ['profile'], terminalModes: ['completed'] },
      new Date(),
    );
    const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/run`, { csrf: formValue(page.text, 'csrf') });
    const inRun = await mara.withHeaders({ 'X-Run-Token': runtimeServer.handed.at(-1)!.runToken });
    const ids: string[] = [];
    for (const [draftedText, hdsCodeHint] of [
      ['I restore vintage motorcycles in my garage.', 'interests.music_making'],
      ['I sing tenor in a barbershop quartet.', 'interests.music_making'],
      ['I collect first editions of Agatha Christie.', 'preferences.music'],
    ] as const) {
      const drafted = ((await inRun.callTool({ name: 'signal_suggestion_write', arguments: { loopId, draftedText, hdsCodeHint } })) as any).structuredContent;
      expect(drafted.drafted).toBe(true);
      ids.push(drafted.signalId);
    }
    const signals = new IdentitySignals(amp.database.db);
    await signals.review(mara.andeeId, ids[0]!, { action: 'reject' }, new Date());
    await signals.review(mara.andeeId, ids[1]!, { action: 'approve' }, new Date());
    const feedback = await evidence('suggestion_feedback_read', {});
    expect(feedback.byTopLevel).toEqual([
      { topLevel: 'interests', approved: 1, rejected: 1, pending: 0 },
      { topLevel: 'preferences', approved: 0, rejected: 0, pending: 1 },
    ]);
    expect(feedback.byProvenance).toEqual([{ provenance: 'loop_turn', approved: 1, rejected: 1, pending: 1 }]);
    expect(feedback.byPrimaryType).toHaveLength(2);
  }, 90_000);
});

describe('a revoked hosted-runtime grant', () => {
  it('identity_read answers 401 at the API at once (its grant check rides on the page statement)', async () => {
    const issued = await amp.api.hostedRuntime.issue(mara.andeeId, new Date());
    const read = () =>
      fetch(`${amp.apiUrl}/v1/evidence/identity`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${issued.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ limit: 2 }),
      });
    const live = await read();
    expect(live.status).toBe(200);
    expect((await live.json()).facts).toHaveLength(2);
    expect(await amp.api.grants.revoke(issued.grantId)).toBe(true);
    const refused = await read();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
  });
});
