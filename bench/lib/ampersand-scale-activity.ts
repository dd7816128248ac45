/**
 * What using & leaves in its tables, for the scale dataset (ampersand-scale-seed.ts): without it
 * the paths that read these tables ran against empty ones (issue 42). Per person, in proportions
 * that do not change with the population:
 * - a phone number (seven in ten) and, for every other person, an uploaded address book of 20
 *   contacts, six of them numbers of other andees (so people-you-may-know has candidates);
 * - a grant to one of 20 registered clients, and a second for every third person;
 * - a live web session for every other person, and a sign-in link used within the last day (kept
 *   a day past its expiry) for every third;
 * - a connection request: pending for a quarter of people, accepted or denied for half;
 * - five notifications, three of them read; ten agent-chat messages for every other person.
 * All written by `insert … select` over `generate_series`, hashed as the product hashes (SHA-256,
 * base64url), with times relative to now so nothing is already past its expiry.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AmpersandDatabase } from '@agent-products/ampersand/composition';

/** Registered clients (agents' apps): a fixed number, whatever the population. */
export const SCALE_CLIENTS = 20;
const CONTACTS_PER_BOOK = 20;
const ANDEES_PER_BOOK = 6;
const CHAT_MESSAGES = 10;

/** SHA-256 in base64url, as the product stores hashed tokens and phone numbers. */
function hashed(text: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`rtrim(translate(encode(sha256(convert_to(${text}, 'UTF8')), 'base64'), '+/', '-_'), '=')`;
}

/** `resource`: the MCP resource URL the grants are to, as the authorization server records it. */
export async function seedAmpersandActivity(db: Kysely<AmpersandDatabase>, people: number, resource: string): Promise<void> {
  const last = people - 1;
  await sql`
    insert into andee_phones (phone_hash, andee_id, created_at)
    select ${hashed(sql`'phone-' || i`)}, 'scale-' || i, now() - interval '60 days'
    from generate_series(0, ${last}) i where i % 10 < 7`.execute(db);
  // Every other person's book: six andees' numbers spread over the population (some have no phone
  // on file, as in life), then numbers of people who are not on &.
  await sql`
    insert into contact_hashes (andee_id, phone_hash, uploaded_at)
    select 'scale-' || i,
      case when d <= ${ANDEES_PER_BOOK} then ${hashed(sql`'phone-' || ((i + d * 37 + d * d * 101) % ${people})`)} else ${hashed(sql`'contact-' || i || '-' || d`)} end,
      now() - interval '30 days'
    from generate_series(0, ${last}) i cross join generate_series(1, ${CONTACTS_PER_BOOK}) d where i % 2 = 0
    on conflict do nothing`.execute(db);

  await sql`
    insert into oauth_store (model, id_hash, payload, grant_id, account_id, client_id, created_at)
    select 'Client', ${hashed(sql`'scale-client-' || c`)},
      jsonb_build_object('client_id', 'scale-client-' || c, 'client_name', 'Agent app ' || c, 'redirect_uris', jsonb_build_array('https://app' || c || '.example/callback')),
      null, null, 'scale-client-' || c, now() - interval '90 days'
    from generate_series(1, ${SCALE_CLIENTS}) c`.execute(db);
  await sql`
    insert into oauth_store (model, id_hash, payload, grant_id, account_id, client_id, expires_at, created_at)
    select 'Grant', ${hashed(sql`'scale-grant-' || i || '-' || g`)},
      jsonb_build_object('kind', 'Grant', 'jti', 'scale-grant-' || i || '-' || g, 'accountId', 'scale-' || i, 'clientId', 'scale-client-' || (1 + (i + g) % ${SCALE_CLIENTS}),
        'iat', extract(epoch from now() - interval '20 days')::bigint, 'exp', extract(epoch from now() + interval '300 days')::bigint,
        'resources', jsonb_build_object(${resource}::text, 'signals:ask connections:read')),
      'scale-grant-' || i || '-' || g, 'scale-' || i, 'scale-client-' || (1 + (i + g) % ${SCALE_CLIENTS}), now() + interval '300 days', now() - interval '20 days'
    from generate_series(0, ${last}) i cross join generate_series(1, 2) g where g = 1 or i % 3 = 0`.execute(db);

  await sql`
    insert into web_sessions (session_hash, andee_id, csrf_token, created_at, expires_at)
    select ${hashed(sql`'session-' || i`)}, 'scale-' || i, md5('csrf-' || i), now() - interval '1 day', now() + interval '13 days'
    from generate_series(0, ${last}) i where i % 2 = 0`.execute(db);
  await sql`
    insert into sign_in_links (token_hash, andee_id, created_at, expires_at, used_at)
    select ${hashed(sql`'link-' || i`)}, 'scale-' || i, now() - interval '3 hours', now() - interval '2 hours 45 minutes', now() - interval '2 hours 50 minutes'
    from generate_series(0, ${last}) i where i % 3 = 0`.execute(db);

  await sql`
    insert into connection_requests (request_id, from_id, to_id, note, status, created_at, resolved_at)
    select 'r-' || i, 'scale-' || i, 'scale-' || ((i + 50 + i % 4) % ${people}),
      case when i % 8 = 0 then 'We met at the conference.' end,
      (array['pending', 'accepted', 'denied', 'accepted'])[1 + i % 4],
      now() - interval '5 days' + i * interval '1 second', case when i % 4 <> 0 then now() - interval '4 days' end
    from generate_series(0, ${last}) i
    on conflict do nothing`.execute(db);

  await sql`
    insert into notifications (notification_id, andee_id, kind, text, link, created_at, read_at)
    select 'n-' || i || '-' || n, 'scale-' || i,
      case when n % 2 = 0 then 'question' else 'connection' end,
      case when n % 2 = 0 then 'Someone asked you a question.' else 'Someone accepted your connection request.' end,
      case when n % 2 = 0 then '/questions' else '/connections' end,
      now() - (6 - n) * interval '1 day' + i * interval '1 ms', case when n <= 3 then now() - (5 - n) * interval '1 day' end
    from generate_series(1, 5) n cross join generate_series(0, ${last}) i`.execute(db);

  await sql`
    insert into conversation_messages (message_id, loop_id, chat_andee_id, seq, role, author_id, body, run_id, terminal_state, correlation_id, created_at)
    select 'm-' || i || '-' || s, null, 'scale-' || i, s,
      case when s % 2 = 1 then 'andee' else 'agent' end, case when s % 2 = 1 then 'scale-' || i end,
      case when s % 2 = 1 then 'What should we cook on Sunday? (' || s || ')' else 'How about handmade pasta with tomatoes from your garden? (' || s || ')' end,
      null, null, null, now() - interval '2 days' + s * interval '1 minute' + i * interval '1 ms'
    from generate_series(1, ${CHAT_MESSAGES}) s cross join generate_series(0, ${last}) i where i % 2 = 0`.execute(db);
}
