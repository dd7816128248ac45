/**
 * Planning writes and what an acknowledged one must leave in the database, shared by the suites
 * that break the server under writes and then count: the SIGKILL test (one process killed mid-
 * stream) and the scale-out run (`npm run topology`, replicas restarted behind a load balancer).
 * "Acknowledged" means the HTTP answer arrived whole with a successful result; its
 * structuredContent is kept as the answer.
 *
 * `storedWrites` and `acknowledgedWrites` describe the same things (drafts at their latest
 * revision, every revision, every page, every idempotency record) as sorted text lines, so a
 * caller compares them for equality: a write lost, duplicated or half-written shows as a line on
 * one side only. Exported as `@agent-products/chengdu-soul/acknowledged-writes`.
 */
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../../src/store/schema.ts';

export type Tool = 'propose_chengdu_itinerary' | 'revise_chengdu_draft' | 'confirm_chengdu_draft';
/** The idempotency record's operation of each tool. */
export const OPERATION: Record<Tool, string> = { propose_chengdu_itinerary: 'propose', revise_chengdu_draft: 'revise', confirm_chengdu_draft: 'confirm' };
type Json = Record<string, unknown>;

export interface Write {
  tool: Tool;
  args: Json;
}
export interface Acknowledged extends Write {
  /** The structuredContent of the successful answer. */
  answer: any;
}

const RHYTHMS = ['spacious', 'balanced', 'full'] as const;
const sceneIdsOf = (draft: any): string[] => draft.days.flatMap((day: any) => day.scenes.map((scene: any) => scene.cardId));

/** The n-th proposal of a stream (1 to 3 days, rhythms and atmospheres in turn), under a new key. */
export function proposal(n: number, key: string): Write {
  return {
    tool: 'propose_chengdu_itinerary',
    args: { dayCount: 1 + (n % 3), rhythm: RHYTHMS[n % 3], discovery: 'blend', atmosphere: n % 2 ? 'quiet' : 'lively', idempotencyKey: key },
  };
}

/** A revision of an acknowledged draft (its first scene excluded), at the revision it answered. */
export function revision(draft: any, key: string): Write {
  return {
    tool: 'revise_chengdu_draft',
    args: {
      draftRef: draft.draftRef,
      expectedRevision: draft.revision,
      expectedContentHash: draft.contentHash,
      revisionIntent: { type: 'exclude_card', cardId: sceneIdsOf(draft)[0] },
      idempotencyKey: key,
    },
  };
}

/** The confirmation (publish) of an acknowledged draft at the revision it answered. */
export function confirmation(draft: any, key: string): Write {
  return {
    tool: 'confirm_chengdu_draft',
    args: {
      draftRef: draft.draftRef,
      expectedRevision: draft.revision,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key,
    },
  };
}

export interface WriteLines {
  drafts: string[];
  revisions: string[];
  pages: string[];
  idempotencyRecords: string[];
}

/** What the acknowledged writes must have stored, and nothing more. */
export function acknowledgedWrites(all: readonly Acknowledged[]): WriteLines {
  const expected = new Map<string, { revisions: Map<number, string>; confirmed?: any }>();
  for (const { tool, answer } of all) {
    const draft = expected.get(answer.draftRef) ?? { revisions: new Map<number, string>() };
    expected.set(answer.draftRef, draft);
    if (tool === 'confirm_chengdu_draft') draft.confirmed = answer;
    else draft.revisions.set(answer.revision, answer.contentHash);
  }
  const drafts = [...expected].map(([ref, want]) => {
    const latest = Math.max(...want.revisions.keys());
    return draftLine(ref, latest, want.revisions.get(latest)!, want.confirmed !== undefined);
  });
  const revisions = [...expected].flatMap(([ref, want]) => [...want.revisions].map(([n, hash]) => `${ref}#${n}=${hash}`));
  const pages = [...expected.values()]
    .filter((want) => want.confirmed)
    .map(({ confirmed }) => `${confirmed.draftRef}#${confirmed.revision}=${confirmed.contentHash} /p/${confirmed.publication.pageUrl.split('/p/')[1]}`);
  const idempotencyRecords = [...new Set(all.map((w) => `${OPERATION[w.tool]}:${String(w.args.idempotencyKey)}`))];
  return { drafts: drafts.sort(), revisions: revisions.sort(), pages: pages.sort(), idempotencyRecords: idempotencyRecords.sort() };
}

/** What the database holds. */
export async function storedWrites(db: Kysely<ChengduDatabase>): Promise<WriteLines> {
  const drafts = await db.selectFrom('drafts').selectAll().execute();
  const revisions = await db.selectFrom('draft_revisions').selectAll().execute();
  const pages = await db.selectFrom('pages').selectAll().execute();
  const records = await db.selectFrom('idempotency_records').select(['operation', 'idempotency_key']).execute();
  return {
    drafts: drafts.map((d) => draftLine(d.draft_ref, d.revision, d.content_hash, d.confirmed_at !== null)).sort(),
    revisions: revisions.map((r) => `${r.draft_ref}#${r.revision}=${r.content_hash}`).sort(),
    pages: pages.map((p) => `${p.draft_ref}#${p.revision}=${p.content_hash} /p/${p.token}`).sort(),
    idempotencyRecords: records.map((r) => `${r.operation}:${r.idempotency_key}`).sort(),
  };
}

function draftLine(ref: string, revision: number, contentHash: string, confirmed: boolean): string {
  return `${ref} revision ${revision}=${contentHash}${confirmed ? ' confirmed' : ''}`;
}
