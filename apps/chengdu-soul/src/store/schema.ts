/** Table types for Kysely: the Chengdu Soul schema as the migrations create it. */
import type { ColumnType, Generated } from 'kysely';

export interface CatalogReleasesTable {
  catalog_version: string;
  seq: Generated<number>;
  content_hash: string;
  document: ColumnType<unknown, string, never>;
  published_at: ColumnType<Date, Date | string | undefined, never>;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface AccountsTable {
  account_id: string;
  email: string;
  approved: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AgentCredentialsTable {
  credential_id: string;
  account_id: string;
  token_hash: string;
  audience: string;
  label: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DraftsTable {
  draft_ref: string;
  account_id: string;
  catalog_version: string;
  /** The current revision; its content is that row of draft_revisions. */
  revision: number;
  content_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DraftRevisionsTable {
  draft_ref: string;
  revision: number;
  content_hash: string;
  content: Json;
  created_at: Timestamp;
}

export interface PagesTable {
  page_id: string;
  token: string;
  draft_ref: string;
  account_id: string;
  revision: number;
  content_hash: string;
  snapshot: Json;
  created_at: Timestamp;
  expires_at: Timestamp;
  stopped_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface IdempotencyRecordsTable {
  account_id: string;
  operation: string;
  idempotency_key: string;
  request_hash: string;
  response: Json;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: ColumnType<string | null, number | null, number | null>;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SignInLinksTable {
  token_hash: string;
  account_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SessionsTable {
  session_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface FeedbackTable {
  feedback_id: string;
  submission_id: string;
  message: string;
  contact: string | null;
  created_at: Timestamp;
}

export interface RemovalRequestsTable {
  request_id: string;
  submission_id: string;
  contact: string;
  details: string;
  created_at: Timestamp;
  /** When the operator marked the request handled (removal done, requester answered). */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ChengduDatabase {
  catalog_releases: CatalogReleasesTable;
  accounts: AccountsTable;
  agent_credentials: AgentCredentialsTable;
  drafts: DraftsTable;
  draft_revisions: DraftRevisionsTable;
  pages: PagesTable;
  idempotency_records: IdempotencyRecordsTable;
  rate_limits: RateLimitsTable;
  sign_in_links: SignInLinksTable;
  sessions: SessionsTable;
  feedback: FeedbackTable;
  removal_requests: RemovalRequestsTable;
  settings: SettingsTable;
}
