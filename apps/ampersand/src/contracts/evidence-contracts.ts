/**
 * The hosted-runtime evidence shapes (spec "Hosted-runtime evidence"): the andee's own evidence
 * only (no subject argument), and no coordinate in any of them — not as a field, not in prose.
 * Also the intake shapes for the andee's own app, which refuse unknown fields (so a coordinate
 * cannot even be sent).
 */
import * as z from 'zod';
import { nextCursorOutput, pageInput } from './page-contracts.ts';

const confidence = z.enum(['low', 'medium', 'high']);

/**
 * Photo and place evidence page newest first by the lists' one cursor (page-contracts.ts); the
 * spec names a row `offset` for them, so it is still taken, in the same order — one or the other.
 */
const rowOffset = z.number().int().min(0).max(100_000).optional().describe('Row offset in the same newest-first order; start at 0. Prefer cursor');
const oneWayOfPaging = (v: { cursor?: string | undefined; offset?: number | undefined }) => v.cursor === undefined || v.offset === undefined;
const BOTH_WAYS = { message: 'page by cursor or by offset, not both', path: ['offset'] };
const nextOffsetOutput = z
  .number()
  .int()
  .nullable()
  .describe('The offset of the next page when this page was read by offset; null on the last page and on a page read by cursor');

export const identityReadInput = z
  .object({
    snapshotAt: z.string().datetime({ offset: true }).optional().describe('Fixed snapshot from the first page; reuse it on later pages'),
    cursor: z.string().min(1).max(200).optional().describe('Opaque continuation cursor from nextCursor'),
    limit: z.number().int().min(1).max(100).optional().describe('Defaults to 50; maximum 100'),
  })
  .strict()
  .refine((v) => !v.cursor || v.snapshotAt, { message: 'a cursor needs the snapshotAt of its first page', path: ['snapshotAt'] });
export const identityReadOutput = z.object({
  snapshotAt: z.string(),
  facts: z.array(z.object({ signalId: z.string(), text: z.string(), hdsCode: z.string().nullable(), visibility: z.string(), approvedAt: z.string() })),
  nextCursor: z.string().nullable(),
});

export const photoEvidenceInput = z
  .object({ cursor: pageInput.shape.cursor, offset: rowOffset, limit: z.number().int().min(1).max(100).optional() })
  .strict()
  .refine(oneWayOfPaging, BOTH_WAYS);
export const photoEvidenceOutput = z.object({
  labels: z.array(z.object({ label: z.string(), category: z.string(), photoCount: z.number().int(), confidence, firstSeen: z.string(), lastSeen: z.string() })),
  coverage: z.object({ photosSeen: z.number().int(), photosLabelled: z.number().int() }).describe('How much of the library extraction has covered'),
  nextCursor: nextCursorOutput,
  nextOffset: nextOffsetOutput,
});

export const placeEvidenceInput = z
  .object({
    since: z.string().datetime({ offset: true }).optional(),
    until: z.string().datetime({ offset: true }).optional(),
    confidenceFloor: confidence.optional(),
    category: z.string().min(1).max(60).optional(),
    cursor: pageInput.shape.cursor,
    offset: rowOffset,
    limit: z.number().int().min(1).max(200).optional().describe('Defaults to 50; maximum 200'),
  })
  .strict()
  .refine(oneWayOfPaging, BOTH_WAYS);
const placeRef = z.object({ placeId: z.string(), name: z.string(), category: z.string(), status: z.enum(['ready', 'pending']) });
export const placeEvidenceOutput = z.object({
  rows: z.array(
    z.object({
      observationKey: z.string(),
      observedAt: z.string(),
      confidence,
      fact: z.string(),
      selectedPlace: placeRef,
      candidates: z.array(z.object({ placeId: z.string(), name: z.string(), rank: z.number().int(), distanceMeters: z.number() })),
    }),
  ),
  places: z.array(placeRef.extend({ description: z.string().nullable().describe('null while status is pending: an honest partial result') })),
  nextCursor: nextCursorOutput,
  nextOffset: nextOffsetOutput,
});

export const suggestionFeedbackInput = z.object({}).strict();
const tally = z.object({ approved: z.number().int(), rejected: z.number().int(), pending: z.number().int() });
export const suggestionFeedbackOutput = z.object({
  byTopLevel: z.array(tally.extend({ topLevel: z.string() })),
  byPrimaryType: z.array(tally.extend({ hdsCode: z.string() })),
  byProvenance: z.array(tally.extend({ provenance: z.enum(['loop_turn', 'agent_chat']) })),
});

const label = z
  .object({ label: z.string().min(1).max(80), category: z.string().min(1).max(60), photoCount: z.number().int().min(1).max(1_000_000), confidence })
  .strict();
export const photoIntakeInput = z
  .object({
    labels: z.array(label).min(1).max(500),
    coverage: z.object({ photosSeen: z.number().int().min(0), photosLabelled: z.number().int().min(0) }).strict(),
  })
  .strict();

const place = z
  .object({
    placeId: z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/),
    name: z.string().min(1).max(200),
    category: z.string().min(1).max(60),
    description: z.string().max(2000).optional(),
  })
  .strict();
export const placeIntakeInput = z
  .object({
    places: z.array(place).max(200),
    observations: z
      .array(
        z
          .object({
            observationKey: z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/),
            observedAt: z.string().datetime({ offset: true }),
            confidence,
            fact: z.string().min(1).max(500),
            selectedPlaceId: z.string().min(1).max(100),
            candidates: z
              .array(
                z
                  .object({ placeId: z.string().min(1).max(100), rank: z.number().int().min(1).max(20), distanceMeters: z.number().min(0).max(100_000) })
                  .strict(),
              )
              .max(10),
          })
          .strict(),
      )
      .max(500),
  })
  .strict();
