/**
 * Chengdu Soul's scale dataset, seeded into the product's own tables. The owner (the one approved
 * account, as the product has) gets the same rows at every size, written through the product's
 * own planning service: 25 confirmed plans (one page of 20 on `/` and an older one) and 5 open
 * drafts. The other `otherPages` saved plans belong to other accounts, ten each: copies of the
 * owner's drafts, revisions, proposals and pages made in the database by batched
 * `insert … select` over `generate_series`, each with its own draft ref, page id and link token.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ChengduApp } from '@agent-products/chengdu-soul/composition';

const OWNER_PLANS = 25;
const OWNER_OPEN_DRAFTS = 5;
const PLANS_PER_OTHER_ACCOUNT = 10;

export interface ChengduScaleSeed {
  accountId: string;
  /** The owner's newest saved plan's link token (its page at `/p/<token>`). */
  pageToken: string;
}

export async function seedChengduScale(app: ChengduApp, db: import('kysely').Kysely<any>, otherPages: number): Promise<ChengduScaleSeed> {
  const accountId = await app.credentials.approveAccount('owner@example.com');
  const seedRun = randomBytes(4).toString('hex');
  const proposals = [
    { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' },
    { dayCount: 2, rhythm: 'full', discovery: 'local', atmosphere: 'mixed' },
    { dayCount: 3, rhythm: 'spacious', discovery: 'iconic', atmosphere: 'lively' },
  ] as const;
  const base = Date.now() - 3 * 24 * 3600_000;
  let pageToken = '';
  for (let i = 0; i < OWNER_PLANS + OWNER_OPEN_DRAFTS; i++) {
    const now = new Date(base + i * 60_000);
    const draft = await app.drafts.propose(accountId, { ...proposals[i % proposals.length]!, idempotencyKey: `seed-${seedRun}-p${i}` }, now);
    if (i >= OWNER_PLANS) continue;
    const confirmed = await app.drafts.confirm(
      accountId,
      {
        draftRef: draft.draftRef,
        expectedRevision: draft.revision,
        expectedContentHash: draft.contentHash,
        confirmation: { action: 'publish' },
        idempotencyKey: `seed-${seedRun}-c${i}`,
      },
      now,
    );
    pageToken = new URL(confirmed.publication.pageUrl).pathname.split('/').pop()!;
  }
  if (otherPages > 0) await copyToOtherAccounts(db, accountId, otherPages);
  for (const table of ['accounts', 'drafts', 'draft_revisions', 'pages', 'idempotency_records']) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  return { accountId, pageToken };
}

/** `count` saved plans of other (not approved) accounts, copied from the owner's confirmed ones. */
async function copyToOtherAccounts(db: import('kysely').Kysely<any>, owner: string, count: number): Promise<void> {
  const accounts = Math.ceil(count / PLANS_PER_OTHER_ACCOUNT);
  await sql`
    insert into accounts (account_id, email, approved)
    select 'scale-a-' || a, 'traveler' || a || '@example.com', false from generate_series(1, ${accounts}) a`.execute(db);
  // The owner's confirmed drafts, numbered, are the templates the copies cycle through.
  const templates = (await db.selectFrom('pages').select('draft_ref').where('account_id', '=', owner).orderBy('created_at').execute()).map((p) => p.draft_ref);
  const plan = sql`
    select i, 'scale-a-' || (1 + (i - 1) / ${sql.lit(PLANS_PER_OTHER_ACCOUNT)}) as account_id, 'scale-d-' || i as draft_ref,
      (${sql.lit(`{${templates.join(',')}}`)}::text[])[1 + i % ${sql.lit(templates.length)}] as template
    from generate_series(1, ${sql.lit(count)}) i`;
  await sql`
    insert into drafts (draft_ref, account_id, catalog_version, revision, content_hash, created_at, updated_at, expires_at, confirmed_at)
    select c.draft_ref, c.account_id, d.catalog_version, d.revision, d.content_hash, d.created_at - c.i * interval '1 second',
      d.updated_at - c.i * interval '1 second', d.expires_at, d.confirmed_at
    from (${plan}) c join drafts d on d.draft_ref = c.template`.execute(db);
  await sql`
    insert into draft_revisions (draft_ref, revision, content_hash, content, created_at)
    select c.draft_ref, r.revision, r.content_hash, r.content, r.created_at
    from (${plan}) c join draft_revisions r on r.draft_ref = c.template`.execute(db);
  await sql`
    insert into pages (page_id, token, draft_ref, account_id, revision, content_hash, snapshot, created_at, expires_at, stopped_at)
    select 'scale-p-' || c.i, 'scale-t-' || md5(c.draft_ref), c.draft_ref, c.account_id, p.revision, p.content_hash, p.snapshot,
      p.created_at - c.i * interval '1 second', p.expires_at, null
    from (${plan}) c join pages p on p.draft_ref = c.template`.execute(db);
  await sql`
    insert into idempotency_records (account_id, operation, idempotency_key, request_hash, response, created_at)
    select c.account_id, r.operation, r.idempotency_key || '-' || c.i, r.request_hash, jsonb_set(r.response, '{draftRef}', to_jsonb(c.draft_ref)), r.created_at
    from (${plan}) c join idempotency_records r on r.account_id = ${owner} and r.operation = 'propose' and r.response ->> 'draftRef' = c.template`.execute(db);
}
