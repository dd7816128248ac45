/**
 * The planning writes: propose a draft, revise it by excluding a scene, confirm it into a page.
 * Shared by the MCP tools and the owner's web form. Every write is behind an idempotency claim, so
 * a retry returns the stored answer and concurrent retries have one effect. A proposal reads
 * nothing it writes, so it is planned first and stored in one statement; a revision or
 * confirmation locks the draft in a transaction and is guarded by the exact revision and content
 * hash the caller reviewed.
 */
import { randomUUID } from 'node:crypto';
import { randomBase64Url } from '@agent-products/kit/auth';
import type { Kysely, Transaction } from 'kysely';
import { hasIdempotencyRecord, insertIdempotent, runIdempotent } from '@agent-products/kit/store';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import { PLAN_LIMITS } from '../catalog/vocabulary.ts';
import { fail } from '../errors.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { buildDraftContent, canonicalContent, type DraftContent } from './draft-content.ts';
import { draftView as view, type ConfirmationView, type DraftView } from './draft-view.ts';
import { buildPageSnapshot } from './page-snapshot.ts';
import { planDays } from './plan-days.ts';
import type { ConfirmInput, ProposeInput, ReviseInput } from './proposal-input.ts';
import { resolveProposal } from './resolve-proposal.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<ChengduDatabase>;

/** Told when a write was answered from its stored answer (an idempotent replay), so it wrote nothing. */
export type OnReplay = () => void;
const ignoreReplay: OnReplay = () => {};

/** Operation names of the idempotency records each planning tool writes under. */
export const PLANNING_OPERATIONS = {
  propose_chengdu_itinerary: 'propose',
  revise_chengdu_draft: 'revise',
  confirm_chengdu_draft: 'confirm',
} as const;

export class DraftService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly publicBaseUrl: string,
  ) {}

  async propose(accountId: string, input: ProposeInput, now: Date, onReplay: OnReplay = ignoreReplay): Promise<DraftView> {
    const { idempotencyKey, ...args } = input;
    const release = await this.releaseFor(args);
    const published = await this.publishedSelectionVersions(args, release);
    const { result, replayed } = await insertIdempotent(
      this.db,
      { accountId, operation: 'propose', idempotencyKey },
      args,
      now,
      () => {
        const resolved = resolveProposal(release, args, published);
        const preferences = { dayCount: args.dayCount, rhythm: args.rhythm, discovery: args.discovery, atmosphere: args.atmosphere };
        const content = this.plan(
          release,
          preferences,
          resolved.required.map((s) => s.cardId),
          resolved.excludedCardIds,
        );
        const draftRef = `dr_${randomBase64Url(12)}`;
        const expiresAt = new Date(now.getTime() + PLAN_LIMITS.linkLifetimeDays * DAY_MS);
        const { text: stored, hash: contentHash } = canonicalContent(content);
        return {
          result: view(draftRef, 1, contentHash, content, 'draft', now, expiresAt),
          // The answer is revision 1 of the draft as inserted here; the record points at it.
          stored: { draftRef },
          inserts: [
            {
              table: 'drafts',
              values: {
                draft_ref: draftRef,
                account_id: accountId,
                catalog_version: release.catalogVersion,
                revision: 1,
                content_hash: contentHash,
                created_at: now,
                updated_at: now,
                expires_at: expiresAt,
              },
            },
            { table: 'draft_revisions', values: { draft_ref: draftRef, revision: 1, content_hash: contentHash, content: stored, created_at: now } },
          ],
        };
      },
      (stored) => this.firstRevision((stored as { draftRef: string }).draftRef),
    );
    if (replayed) onReplay();
    return result;
  }

  /**
   * Whether a planning tool call would be answered from storage (its idempotency key already
   * holds a record), writing nothing: such a call does not use the shared write allowance.
   */
  async answersFromStore(accountId: string, call: { name: string; arguments: unknown }): Promise<boolean> {
    const operation = PLANNING_OPERATIONS[call.name as keyof typeof PLANNING_OPERATIONS];
    const key = (call.arguments as { idempotencyKey?: unknown } | null | undefined)?.idempotencyKey;
    if (!operation || typeof key !== 'string') return false;
    return hasIdempotencyRecord(this.db, { accountId, operation, idempotencyKey: key });
  }

  /** A proposal's answer again: revision 1 of its draft, as it was first returned. */
  private async firstRevision(draftRef: string): Promise<DraftView> {
    const row = await this.db
      .selectFrom('draft_revisions')
      .innerJoin('drafts', 'drafts.draft_ref', 'draft_revisions.draft_ref')
      .select(['draft_revisions.content_hash', 'draft_revisions.content', 'drafts.created_at', 'drafts.expires_at'])
      .where('draft_revisions.draft_ref', '=', draftRef)
      .where('draft_revisions.revision', '=', 1)
      .executeTakeFirstOrThrow();
    const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as DraftContent;
    return view(draftRef, 1, row.content_hash, content, 'draft', new Date(row.created_at), new Date(row.expires_at));
  }

  async revise(accountId: string, input: ReviseInput, now: Date, onReplay: OnReplay = ignoreReplay): Promise<DraftView> {
    const { idempotencyKey, ...args } = input;
    const current = await this.catalog.currentFresh();
    const { result, replayed } = await runIdempotent(this.db, { accountId, operation: 'revise', idempotencyKey }, args, now, async (trx) => {
      const draft = await this.lockCurrent(trx, accountId, args, now, current);
      const cardId = args.revisionIntent.cardId;
      if (!draft.content.days.some((day) => day.scenes.some((s) => s.cardId === cardId))) {
        throw fail('card_not_in_draft', `${cardId} is not a scene of revision ${draft.revision}; exclude one of the returned scenes.`, {
          cardId,
          draftRef: args.draftRef,
          revision: draft.revision,
        });
      }
      const required = draft.content.requiredCardIds.filter((id) => id !== cardId);
      const excluded = [...new Set([...draft.content.excludedCardIds, cardId])];
      const content = this.plan(draft.release, draft.content.preferences, required, excluded);
      const revision = draft.revision + 1;
      const { text: stored, hash: contentHash } = canonicalContent(content);
      await trx.updateTable('drafts').set({ revision, content_hash: contentHash, updated_at: now }).where('draft_ref', '=', args.draftRef).execute();
      await trx
        .insertInto('draft_revisions')
        .values({ draft_ref: args.draftRef, revision, content_hash: contentHash, content: stored, created_at: now })
        .execute();
      return view(args.draftRef, revision, contentHash, content, 'draft', draft.createdAt, draft.expiresAt);
    });
    if (replayed) onReplay();
    return result;
  }

  async confirm(accountId: string, input: ConfirmInput, now: Date, onReplay: OnReplay = ignoreReplay): Promise<ConfirmationView> {
    const { idempotencyKey, ...args } = input;
    const current = await this.catalog.currentFresh();
    const { result, replayed } = await runIdempotent(this.db, { accountId, operation: 'confirm', idempotencyKey }, args, now, async (trx) => {
      const draft = await this.lockCurrent(trx, accountId, args, now, current);
      const token = randomBase64Url(32);
      const snapshot = buildPageSnapshot(draft.release, draft.content, {
        draftRef: args.draftRef,
        revision: draft.revision,
        contentHash: draft.contentHash,
        confirmedAt: now,
        expiresAt: draft.expiresAt,
      });
      await trx
        .insertInto('pages')
        .values({
          page_id: randomUUID(),
          token,
          draft_ref: args.draftRef,
          account_id: accountId,
          revision: draft.revision,
          content_hash: draft.contentHash,
          snapshot: JSON.stringify(snapshot),
          created_at: now,
          expires_at: draft.expiresAt,
        })
        .execute();
      await trx.updateTable('drafts').set({ confirmed_at: now, updated_at: now }).where('draft_ref', '=', args.draftRef).execute();
      return {
        ...view(args.draftRef, draft.revision, draft.contentHash, draft.content, 'confirmed', draft.createdAt, draft.expiresAt),
        publication: { pageUrl: `${this.publicBaseUrl}/p/${token}`, expiresAt: draft.expiresAt.toISOString(), confirmedAt: now.toISOString() },
      };
    });
    if (replayed) onReplay();
    return result;
  }

  /** The draft row locked for this write, after every check that the caller reviewed its current state. */
  private async lockCurrent(
    trx: Transaction<ChengduDatabase>,
    accountId: string,
    pointer: { draftRef: string; expectedRevision: number; expectedContentHash: string },
    now: Date,
    current: LoadedRelease,
  ) {
    // The draft row alone is locked: under READ COMMITTED a locking read that waited re-checks its
    // row against the newer version, and a join to draft_revisions would then compare the new
    // revision number with the old revision row and drop the draft, telling a racing writer that
    // an existing draft is not found. Its content is read after the lock, by a fresh statement.
    const row = await trx
      .selectFrom('drafts')
      .selectAll()
      .where('draft_ref', '=', pointer.draftRef)
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw fail('draft_not_found', `No draft ${pointer.draftRef} for this account.`, { draftRef: pointer.draftRef });
    if (row.confirmed_at) throw fail('draft_already_confirmed', `Draft ${pointer.draftRef} is already confirmed.`, { draftRef: pointer.draftRef });
    const expiresAt = new Date(row.expires_at);
    if (now.getTime() >= expiresAt.getTime()) {
      throw fail('draft_expired', `Draft ${pointer.draftRef} expired at ${expiresAt.toISOString()}; propose afresh.`, {
        draftRef: pointer.draftRef,
        expiredAt: expiresAt.toISOString(),
      });
    }
    if (row.revision !== pointer.expectedRevision || row.content_hash !== pointer.expectedContentHash) {
      throw fail('revision_conflict', `Draft ${pointer.draftRef} is at revision ${row.revision}; review that revision with the traveler before continuing.`, {
        draftRef: pointer.draftRef,
        currentRevision: row.revision,
        currentContentHash: row.content_hash,
        expectedRevision: pointer.expectedRevision,
      });
    }
    if (current.catalogVersion !== row.catalog_version) {
      throw fail(
        'draft_catalog_stale',
        `Draft ${pointer.draftRef} was made from catalog ${row.catalog_version}; the current catalog is ${current.catalogVersion}. Propose afresh.`,
        {
          draftRef: pointer.draftRef,
          draftCatalogVersion: row.catalog_version,
          currentCatalogVersion: current.catalogVersion,
        },
      );
    }
    const stored = await trx
      .selectFrom('draft_revisions')
      .select('content')
      .where('draft_ref', '=', pointer.draftRef)
      .where('revision', '=', row.revision)
      .executeTakeFirstOrThrow();
    const content = (typeof stored.content === 'string' ? JSON.parse(stored.content) : stored.content) as DraftContent;
    return { release: current, content, revision: row.revision, contentHash: row.content_hash, createdAt: new Date(row.created_at), expiresAt };
  }

  /** The selection's catalog versions other than the current one that were published (stale, not unknown). */
  private async publishedSelectionVersions(args: Omit<ProposeInput, 'idempotencyKey'>, release: LoadedRelease): Promise<Set<string>> {
    const selections = args.sceneSelection === undefined ? [] : Array.isArray(args.sceneSelection) ? args.sceneSelection : [args.sceneSelection];
    const others = [...new Set(selections.map((s) => s.catalogVersion))].filter((v) => v !== release.catalogVersion);
    const found = await Promise.all(others.map(async (v) => ((await this.catalog.version(v)) ? v : undefined)));
    return new Set(found.filter((v): v is string => v !== undefined));
  }

  private async releaseFor(args: Omit<ProposeInput, 'idempotencyKey'>): Promise<LoadedRelease> {
    const release = await this.catalog.current();
    const selections = args.sceneSelection === undefined ? [] : Array.isArray(args.sceneSelection) ? args.sceneSelection : [args.sceneSelection];
    // Our idea of "current" may lag a publication; check before calling a selection stale.
    return selections.some((s) => s.catalogVersion !== release.catalogVersion) ? this.catalog.currentFresh() : release;
  }

  private plan(release: LoadedRelease, preferences: DraftContent['preferences'], requiredIds: readonly string[], excludedIds: readonly string[]): DraftContent {
    const scenesPerDay = PLAN_LIMITS.scenesPerDay[preferences.rhythm];
    const days = planDays(release.scenes, {
      dayCount: preferences.dayCount,
      scenesPerDay,
      atmosphere: preferences.atmosphere,
      discovery: preferences.discovery,
      required: requiredIds.map((id) => release.sceneById.get(id)!),
      excludedCardIds: new Set(excludedIds),
    });
    return buildDraftContent(release, preferences, requiredIds, excludedIds, days, scenesPerDay);
  }
}
