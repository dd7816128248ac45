/**
 * The andee's resolved place evidence: observation rows (time, confidence, fact prose, the
 * selected place, the ranked candidates) and the deduped places behind them, each described once.
 * A place whose description is still being written is `pending` — real and named, never invented.
 * Nothing here has a coordinate: the tables have no such column, and intake refuses prose holding one.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { placeEvidenceInput, placeEvidenceOutput, placeIntakeInput } from '../contracts/evidence-contracts.ts';
import { ampersandErrors } from '../errors.ts';
import { checkedCursor } from '../store/list-cursor.ts';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { nextPage } from './evidence-paging.ts';

export const COORDINATE_TEXT = /-?\d{1,3}\.\d{3,}\s*[,;/ ]\s*-?\d{1,3}\.\d{3,}|\b\d{1,3}°/;
const RANK = { low: 0, medium: 1, high: 2 } as const;

export async function recordPlaceEvidence(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof placeIntakeInput>,
): Promise<{ places: number; observations: number }> {
  for (const [i, o] of input.observations.entries()) {
    if (COORDINATE_TEXT.test(o.fact))
      throw ampersandErrors.fail('invalid_arguments', 'Place evidence never carries coordinates; send the resolved place and prose without them.', {
        fields: [{ field: `observations.${i}.fact`, problem: 'contains a coordinate' }],
      });
  }
  for (const [i, p] of input.places.entries()) {
    if (p.description && COORDINATE_TEXT.test(p.description))
      throw ampersandErrors.fail('invalid_arguments', 'Place evidence never carries coordinates.', {
        fields: [{ field: `places.${i}.description`, problem: 'contains a coordinate' }],
      });
  }
  await db.transaction().execute(async (trx) => {
    for (const p of input.places) {
      const values = {
        name: p.name,
        category: p.category,
        description: p.description ?? null,
        status: p.description ? ('ready' as const) : ('pending' as const),
      };
      await trx
        .insertInto('places')
        .values({ place_id: p.placeId, ...values })
        .onConflict((oc) => oc.column('place_id').doUpdateSet(values))
        .execute();
    }
    for (const o of input.observations) {
      await trx
        .insertInto('place_observations')
        .values({
          observation_key: o.observationKey,
          andee_id: andeeId,
          observed_at: new Date(o.observedAt),
          confidence: o.confidence,
          fact: o.fact,
          selected_place_id: o.selectedPlaceId,
          candidates: JSON.stringify(o.candidates),
        })
        .onConflict((oc) => oc.column('observation_key').doNothing())
        .execute();
    }
  });
  return { places: input.places.length, observations: input.observations.length };
}

/**
 * The observations a page at a time, newest first by when they were observed (ties by key), by
 * the lists' one cursor; a cursor this list did not hand out is refused. The spec's row `offset`
 * reads the same order. The filters narrow the list; the cursor continues whichever list it came from.
 */
export async function placeEvidencePage(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof placeEvidenceInput>,
): Promise<z.output<typeof placeEvidenceOutput>> {
  const limit = input.limit ?? 50;
  let query = db
    .selectFrom('place_observations as o')
    .innerJoin('places as p', 'p.place_id', 'o.selected_place_id')
    .selectAll('o')
    .select(['p.name', 'p.category', 'p.status'])
    .where('o.andee_id', '=', andeeId);
  if (input.since) query = query.where('o.observed_at', '>=', new Date(input.since));
  if (input.until) query = query.where('o.observed_at', '<=', new Date(input.until));
  if (input.category) query = query.where('p.category', '=', input.category);
  if (input.confidenceFloor)
    query = query.where(
      'o.confidence',
      'in',
      (['low', 'medium', 'high'] as const).filter((c) => RANK[c] >= RANK[input.confidenceFloor!]),
    );
  const { rows: page, next } = await newestFirst(
    query,
    { at: 'o.observed_at', id: 'o.observation_key' },
    { limit, after: checkedCursor(input.cursor), offset: input.offset },
  );
  const candidateLists = page.map(
    (r) => (typeof r.candidates === 'string' ? JSON.parse(r.candidates) : r.candidates) as Array<{ placeId: string; rank: number; distanceMeters: number }>,
  );
  const ids = [...new Set([...page.map((r) => r.selected_place_id), ...candidateLists.flat().map((c) => c.placeId)])];
  const places = ids.length ? await db.selectFrom('places').selectAll().where('place_id', 'in', ids).orderBy('place_id').execute() : [];
  const byId = new Map(places.map((p) => [p.place_id, p]));
  return {
    rows: page.map((r, i) => ({
      observationKey: r.observation_key,
      observedAt: new Date(r.observed_at).toISOString(),
      confidence: r.confidence,
      fact: r.fact,
      selectedPlace: { placeId: r.selected_place_id, name: r.name, category: r.category, status: r.status },
      candidates: candidateLists[i]!.filter((c) => byId.has(c.placeId))
        .sort((a, b) => a.rank - b.rank)
        .map((c) => ({ placeId: c.placeId, name: byId.get(c.placeId)!.name, rank: c.rank, distanceMeters: c.distanceMeters })),
    })),
    places: places.map((p) => ({ placeId: p.place_id, name: p.name, category: p.category, status: p.status, description: p.description })),
    ...nextPage(next, input, limit),
  };
}
