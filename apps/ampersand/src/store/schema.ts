/** Row types of the & schema (see migrations.ts). */
import type { Generated } from 'kysely';
import type { LoopTables } from './loop-tables.ts';

export interface AmpersandDatabase extends LoopTables {
  andees: { andee_id: string; tag: string; display_name: string; photo_url: string | null; created_at: Generated<Date> };
  sign_in_links: { token_hash: string; andee_id: string; created_at: Date; expires_at: Date; used_at: Date | null };
  web_sessions: { session_hash: string; andee_id: string; csrf_token: string; created_at: Date; expires_at: Date };
  dev_mailbox: { message_id: Generated<number>; andee_id: string; link: string; created_at: Date };
  identity_facts: {
    fact_id: string;
    andee_id: string;
    value: string;
    visibility: 'private' | 'connected' | 'public';
    status: 'approved' | 'pending' | 'rejected';
    created_at: Date;
    hds_code: string | null;
    source: string;
    client_id: string | null;
    turn_id: string | null;
    question_id: string | null;
    value_key: string | null;
    updated_at: Date | null;
    reviewed_at: Date | null;
    /**
     * The value's content words (text/content-words.ts), for find_andees' constraints; written with
     * the value. Null on a fact migration 0056's backfill has not reached yet.
     */
    content_words: Generated<string[] | null>;
  };
  connections: { andee_id: string; other_id: string; connected_at: Date };
  oauth_store: {
    model: string;
    id_hash: string;
    payload: unknown;
    grant_id: string | null;
    account_id: string | null;
    client_id: string | null;
    uid: string | null;
    user_code_hash: string | null;
    expires_at: Date | null;
    consumed_at: Date | null;
    created_at: Generated<Date>;
  };
  interaction_approvals: {
    uid_hash: string;
    match_number: string;
    state: 'pending' | 'approved' | 'declined' | 'ended';
    starter_andee_id: string | null;
    started_from: string | null;
    answered_by: string | null;
    answered_at: Date | null;
    expires_at: Date;
  };
  oauth_refresh_successions: { token_hash: string; claimed_at: Date; sealed_response: string | null };
  oauth_keys: { name: string; sealed: string };
  oauth_grant_revocations: { grant_id: string; revoked_at: Date };
  idempotency_records: { account_id: string; operation: string; idempotency_key: string; request_hash: string; response: unknown; created_at: Date };
  first_party_clients: { client_id: string; label: string; created_at: Date };
  andee_phones: { phone_hash: string; andee_id: string; created_at: Date };
  contact_hashes: { andee_id: string; phone_hash: string; uploaded_at: Date };
  connection_requests: {
    request_id: string;
    from_id: string;
    to_id: string;
    note: string | null;
    status: 'pending' | 'accepted' | 'denied';
    created_at: Date;
    resolved_at: Date | null;
  };
  peer_questions: {
    question_id: string;
    asker_id: string;
    recipient_id: string;
    question: string;
    status: 'pending' | 'answered' | 'rejected' | 'withdrawn';
    signals_created: Generated<number>;
    created_at: Date;
    expires_at: Date;
    resolved_at: Date | null;
  };
  notifications: { notification_id: string; andee_id: string; kind: string; text: string; link: string | null; created_at: Date; read_at: Date | null };
}
