/** Derived photo evidence: labels with counts and confidence, and extraction coverage — never bytes, asset ids or metadata. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { photoEvidenceInput, photoEvidenceOutput, photoIntakeInput } from '../contracts/evidence-contracts.ts';
import { checkedCursor } from '../store/list-cursor.ts';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { nextPage } from './evidence-paging.ts';

export async function recordPhotoEvidence(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof photoIntakeInput>,
  now: Date,
): Promise<{ labels: number }> {
  await db.transaction().execute(async (trx) => {
    for (const l of input.labels) {
      await trx
        .insertInto('photo_labels')
        .values({
          label_id: `lbl_${randomUUID()}`,
          andee_id: andeeId,
          label: l.label,
          category: l.category,
          photo_count: l.photoCount,
          confidence: l.confidence,
          first_seen: now,
          last_seen: now,
        })
        .onConflict((oc) =>
          oc.columns(['andee_id', 'label']).doUpdateSet({ category: l.category, photo_count: l.photoCount, confidence: l.confidence, last_seen: now }),
        )
        .execute();
    }
    await trx
      .insertInto('photo_coverage')
      .values({ andee_id: andeeId, photos_seen: input.coverage.photosSeen, photos_labelled: input.coverage.photosLabelled, updated_at: now })
      .onConflict((oc) =>
        oc.column('andee_id').doUpdateSet({ photos_seen: input.coverage.photosSeen, photos_labelled: input.coverage.photosLabelled, updated_at: now }),
      )
      .execute();
  });
  return { labels: input.labels.length };
}

/**
 * The andee's photo labels a page at a time, newest first by when a label was first seen (it never
 * moves, so a label counted again between pages neither repeats nor is skipped), by the lists' one
 * cursor; a cursor this list did not hand out is refused. The spec's row `offset` reads the same order.
 */
export async function photoEvidencePage(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof photoEvidenceInput>,
): Promise<z.output<typeof photoEvidenceOutput>> {
  const limit = input.limit ?? 50;
  const page = await newestFirst(
    db.selectFrom('photo_labels').selectAll().where('andee_id', '=', andeeId),
    { at: 'first_seen', id: 'label_id' },
    { limit, after: checkedCursor(input.cursor), offset: input.offset },
  );
  const coverage = await db.selectFrom('photo_coverage').selectAll().where('andee_id', '=', andeeId).executeTakeFirst();
  return {
    labels: page.rows.map((r) => ({
      label: r.label,
      category: r.category,
      photoCount: r.photo_count,
      confidence: r.confidence,
      firstSeen: new Date(r.first_seen).toISOString(),
      lastSeen: new Date(r.last_seen).toISOString(),
    })),
    coverage: { photosSeen: coverage?.photos_seen ?? 0, photosLabelled: coverage?.photos_labelled ?? 0 },
    ...nextPage(page.next, input, limit),
  };
}
