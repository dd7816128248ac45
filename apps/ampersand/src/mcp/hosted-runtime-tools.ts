/**
 * The tools only the & hosted runtime's principal is shown (spec "Hosted-runtime tools",
 * "Hosted-runtime evidence"): pinning the Loop's skill release, composing its surface, and
 * reading the andee's own evidence (never a coordinate, never another andee's). The MCP service lists them only to
 * that principal; the API refuses anyone else again.
 */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import type * as z from 'zod';
import {
  identityReadInput,
  identityReadOutput,
  photoEvidenceInput,
  photoEvidenceOutput,
  placeEvidenceInput,
  placeEvidenceOutput,
  suggestionFeedbackInput,
  suggestionFeedbackOutput,
} from '../contracts/evidence-contracts.ts';
import { loopComposeInput, loopComposeOutput, loopPinSkillInput, loopPinSkillOutput } from '../contracts/loop-contracts.ts';
import type { Forward } from './api-forwarder.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function hostedRuntimeTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'loop_pin_skill',
      title: 'Pin the Loop skill',
      description:
        "Pin the Loop's dedicated skill release at birth, write-once: its content and outcome specification. Returns only the version and the SHA-256 digest; pinning other content later is refused.",
      input: loopPinSkillInput,
      output: loopPinSkillOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'] },
      run: (args, scope) => forward('/v1/loops/pin-skill', args, scope) as Promise<z.output<typeof loopPinSkillOutput>>,
      text: (r) => `Pinned version ${r.version} (digest ${r.digest}).`,
    }),
    defineTool({
      name: 'loop_compose',
      title: 'Compose the Loop surface',
      description:
        'Replace the Loop presentation only (never its items or conversation) with blocks the live surface contract exposes; an unknown block is refused. Use it only when a supported surface materially improves the artifact.',
      input: loopComposeInput,
      output: loopComposeOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'] },
      run: (args, scope) => forward('/v1/loops/compose', args, scope) as Promise<z.output<typeof loopComposeOutput>>,
      text: (r) => `Composed ${r.blocks} block${r.blocks === 1 ? '' : 's'} (renderer ${r.renderer}, contract v${r.contractVersion}).`,
    }),
    defineTool({
      name: 'identity_read',
      title: 'Page through identity',
      description:
        "Page through the andee's approved identity facts without synthesis. The first page fixes snapshotAt; pass it back with nextCursor until nextCursor is null (limit 50 by default, at most 100). A write after the snapshot never shifts a page.",
      input: identityReadInput,
      output: identityReadOutput,
      annotations: READ,
      access: { scopes: ['signals:evidence_read'] },
      run: (args, scope) => forward('/v1/evidence/identity', args, scope) as Promise<z.output<typeof identityReadOutput>>,
      text: (r) =>
        [
          `Snapshot ${r.snapshotAt}: ${r.facts.length} fact${r.facts.length === 1 ? '' : 's'}${r.nextCursor ? ' (more: pass nextCursor)' : ''}.`,
          ...r.facts.map((f) => `- ${f.text}`),
        ].join('\n'),
    }),
    defineTool({
      name: 'photo_evidence_read',
      title: 'Read photo evidence',
      description:
        'Page (offset, limit at most 100) through derived photo labels and extraction coverage. Never image bytes, asset ids, coordinates or metadata.',
      input: photoEvidenceInput,
      output: photoEvidenceOutput,
      annotations: READ,
      access: { scopes: ['signals:evidence_read'] },
      run: (args, scope) => forward('/v1/evidence/photos/read', args, scope) as Promise<z.output<typeof photoEvidenceOutput>>,
      text: (r) =>
        [
          `Coverage: ${r.coverage.photosLabelled} of ${r.coverage.photosSeen} photos labelled.`,
          ...r.labels.map((l) => `- ${l.label} (${l.category}, ${l.photoCount} photos, ${l.confidence})`),
        ].join('\n'),
    }),
    defineTool({
      name: 'place_evidence_read',
      title: 'Read place evidence',
      description:
        "The andee's resolved places (filter by since, until, confidenceFloor, category; offset, limit 50 by default, at most 200): rows with observation key, time, confidence, fact prose, selected place and ranked candidates, and the deduped places, each described once. status pending is an honest partial result: report the name, never invent a description. No coordinate is ever returned.",
      input: placeEvidenceInput,
      output: placeEvidenceOutput,
      annotations: READ,
      access: { scopes: ['signals:evidence_read'] },
      run: (args, scope) => forward('/v1/evidence/places/read', args, scope) as Promise<z.output<typeof placeEvidenceOutput>>,
      text: (r) =>
        [
          `${r.rows.length} observation${r.rows.length === 1 ? '' : 's'} at ${r.places.length} place${r.places.length === 1 ? '' : 's'}.`,
          ...r.rows.map((o) => `- ${o.observedAt.slice(0, 10)} ${o.selectedPlace.name} (${o.confidence}): ${o.fact}`),
        ].join('\n'),
    }),
    defineTool({
      name: 'suggestion_feedback_read',
      title: 'Read suggestion feedback',
      description:
        'Aggregate approve/reject decisions on drafted identity suggestions, by HDS top level, primary type and provenance, to avoid repeating weak suggestions. Takes no arguments.',
      input: suggestionFeedbackInput,
      output: suggestionFeedbackOutput,
      annotations: READ,
      access: { scopes: ['signals:evidence_read'] },
      run: (args, scope) => forward('/v1/evidence/suggestion-feedback', args, scope) as Promise<z.output<typeof suggestionFeedbackOutput>>,
      text: (r) =>
        r.byTopLevel.map((t) => `${t.topLevel}: ${t.approved} approved, ${t.rejected} rejected, ${t.pending} pending`).join('\n') ||
        'No suggestion has been decided yet.',
    }),
  ];
}
