/**
 * The hosted runtime's evidence reads (spec "Hosted-runtime evidence"): the andee's own evidence
 * (no route takes a subject), never a coordinate, listed to and served for the hosted runtime only.
 */
import { declareOperation, READ } from './declare-operation.ts';
import {
  identityReadInput,
  identityReadOutput,
  photoEvidenceInput,
  photoEvidenceOutput,
  placeEvidenceInput,
  placeEvidenceOutput,
  suggestionFeedbackInput,
  suggestionFeedbackOutput,
} from './evidence-contracts.ts';
import { withMore } from './page-contracts.ts';

export const evidenceOperations = [
  declareOperation({
    name: 'identity_read',
    path: '/v1/evidence/identity',
    title: 'Page through identity',
    description:
      "Page through the andee's approved identity facts without synthesis. The first page fixes snapshotAt; pass it back with nextCursor until nextCursor is null (limit 50 by default, at most 100). A write after the snapshot never shifts a page.",
    input: identityReadInput,
    output: identityReadOutput,
    annotations: READ,
    scopes: { all: ['signals:evidence_read'] },
    hostedRuntimeOnly: true,
    text: (r) =>
      [
        `Snapshot ${r.snapshotAt}: ${r.facts.length} fact${r.facts.length === 1 ? '' : 's'}${r.nextCursor ? ' (more: pass nextCursor)' : ''}.`,
        ...r.facts.map((f) => `- ${f.text}`),
      ].join('\n'),
  }),
  declareOperation({
    name: 'photo_evidence_read',
    path: '/v1/evidence/photos/read',
    title: 'Read photo evidence',
    description:
      'Page through derived photo labels (newest first; pass nextCursor as cursor until it is null; limit 50 by default, at most 100; offset, the row offset, still works) and extraction coverage. Never image bytes, asset ids, coordinates or metadata.',
    input: photoEvidenceInput,
    output: photoEvidenceOutput,
    annotations: READ,
    scopes: { all: ['signals:evidence_read'] },
    hostedRuntimeOnly: true,
    text: (r) =>
      withMore(
        [
          `Coverage: ${r.coverage.photosLabelled} of ${r.coverage.photosSeen} photos labelled.`,
          ...r.labels.map((l) => `- ${l.label} (${l.category}, ${l.photoCount} photos, ${l.confidence})`),
        ].join('\n'),
        r.nextCursor,
      ),
  }),
  declareOperation({
    name: 'place_evidence_read',
    path: '/v1/evidence/places/read',
    title: 'Read place evidence',
    description:
      "The andee's resolved places (filter by since, until, confidenceFloor, category; newest first, pass nextCursor as cursor until it is null; limit 50 by default, at most 200; offset, the row offset, still works): rows with observation key, time, confidence, fact prose, selected place and ranked candidates, and the deduped places, each described once. status pending is an honest partial result: report the name, never invent a description. No coordinate is ever returned.",
    input: placeEvidenceInput,
    output: placeEvidenceOutput,
    annotations: READ,
    scopes: { all: ['signals:evidence_read'] },
    hostedRuntimeOnly: true,
    text: (r) =>
      withMore(
        [
          `${r.rows.length} observation${r.rows.length === 1 ? '' : 's'} at ${r.places.length} place${r.places.length === 1 ? '' : 's'}.`,
          ...r.rows.map((o) => `- ${o.observedAt.slice(0, 10)} ${o.selectedPlace.name} (${o.confidence}): ${o.fact}`),
        ].join('\n'),
        r.nextCursor,
      ),
  }),
  declareOperation({
    name: 'suggestion_feedback_read',
    path: '/v1/evidence/suggestion-feedback',
    title: 'Read suggestion feedback',
    description:
      'Aggregate approve/reject decisions on drafted identity suggestions, by HDS top level, primary type and provenance, to avoid repeating weak suggestions. Takes no arguments.',
    input: suggestionFeedbackInput,
    output: suggestionFeedbackOutput,
    annotations: READ,
    scopes: { all: ['signals:evidence_read'] },
    hostedRuntimeOnly: true,
    text: (r) =>
      r.byTopLevel.map((t) => `${t.topLevel}: ${t.approved} approved, ${t.rejected} rejected, ${t.pending} pending`).join('\n') ||
      'No suggestion has been decided yet.',
  }),
] as const;
