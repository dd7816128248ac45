/**
 * A refused write changes nothing. Over real HTTP with a real OAuth token, each of the nine write
 * tools receives at least 1,000 generated malformed argument objects (fast-check: arbitrary
 * values, wrong types, overlong strings, unknown keys; kept only when the tool's own zod schema
 * rejects them, so each tests what it claims) plus well-typed but semantically wrong ones (unknown
 * tags, oneself, an existing connection, a pending pair, unknown or settled question ids, exact
 * duplicates of a signal). Every answer is HTTP 200 with a structured tool error of an expected
 * code — never a 500 — and a SHA-256 of every table's rows is the same after each batch.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type * as z from 'zod';
import { rpc } from '@agent-products/kit/testing';
import { connectionTagInput, connectionsRequestInput } from '../src/contracts/connection-contracts.ts';
import { identityWriteInput } from '../src/contracts/identity-contracts.ts';
import { askAndeeInput, questionIdInput, questionsAnswerInput } from '../src/contracts/question-contracts.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, createAndee, mcpClient } from './support/andee-tokens.ts';

const PER_TOOL = 1000;
const CONCURRENCY = 16;
/** Fixed, so a failure reproduces; change it to explore other cases. */
const SEED = 13;

/** Every table must be unchanged by a refused write; typed over the schema, so a new table must be placed here. */
const COMPARED: Record<keyof AmpersandDatabase, boolean> = {
  andees: true,
  sign_in_links: true,
  web_sessions: true,
  dev_mailbox: true,
  identity_facts: true,
  connections: true,
  oauth_store: true,
  oauth_refresh_successions: true,
  interaction_approvals: true,
  oauth_keys: true,
  oauth_grant_revocations: true,
  idempotency_records: true,
  first_party_clients: true,
  andee_phones: true,
  contact_hashes: true,
  connection_requests: true,
  peer_questions: true,
  notifications: true,
  skill_releases: true,
  loops: true,
  loop_members: true,
  loop_invitations: true,
  loop_items: true,
  loop_item_history: true,
  loop_runs: true,
  turn_log: true,
  conversation_messages: true,
  signal_suggestions: true,
  photo_labels: true,
  photo_coverage: true,
  places: true,
  place_observations: true,
};
const TABLES = (Object.keys(COMPARED) as Array<keyof AmpersandDatabase>).filter((t) => COMPARED[t]);

let amp: RunningAmpersand;
let auth: Record<string, string>;
let answeredQuestionId: string;

beforeAll(async () => {
  amp = await startAmpersand();
  const fay = await createAndee(amp, 'fay', 'Fay Fuzz');
  const gus = await createAndee(amp, 'gus', 'Gus Guard');
  await createAndee(amp, 'hal', 'Hal Held');
  await createAndee(amp, 'ida', 'Ida Idle');
  await amp.api.connections.connect(fay.andeeId, gus.andeeId, new Date());
  await amp.api.signals.add(fay.andeeId, 'I like quiet mornings.', { status: 'approved', now: new Date() });
  const token = await accessToken(amp, fay);
  auth = { Authorization: `Bearer ${token}` };
  const fayClient = await mcpClient(amp, token);
  await call(fayClient, 'connections_request', { tag: 'hal' });
  await fayClient.close();
  const gusClient = await mcpClient(amp, await accessToken(amp, gus));
  const asked = await call(gusClient, 'ask_andee', { tag: 'fay', question: 'Tea or coffee?' });
  await gusClient.close();
  const answerer = await mcpClient(amp, token);
  await call(answerer, 'questions_answer', { questionId: asked.questionId, answer: 'Tea.' });
  await answerer.close();
  answeredQuestionId = asked.questionId;
}, 180_000);
afterAll(async () => amp?.close());

async function digests(): Promise<Record<string, string>> {
  const db = amp.database.db;
  const tables = await Promise.all(TABLES.map((t) => db.selectFrom(t).selectAll().execute()));
  return Object.fromEntries(
    TABLES.map((t, i) => {
      const rows = (tables[i] as unknown[]).map((r) => JSON.stringify(r)).sort();
      return [t, `${rows.length}:${createHash('sha256').update(rows.join('\n')).digest('hex')}`];
    }),
  );
}

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.string({ minLength: 1001, maxLength: 1300 }),
);

/** Objects near the tool's shape: its keys with junk values, missing keys, and unknown keys. */
function malformed(keys: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, junk])), { requiredKeys: [] }),
    fc.record({ ...Object.fromEntries(keys.map((k) => [k, fc.string({ maxLength: 20 })])), andeeId: fc.string(), extra: junk }, { requiredKeys: ['andeeId'] }),
    fc.dictionary(fc.string({ maxLength: 12 }), junk, { minKeys: 1, maxKeys: 4 }),
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(''), fc.string({ minLength: 1001, maxLength: 1100 }))])), {
      requiredKeys: [...keys],
    }),
    fc.record({ idempotencyKey: fc.oneof(fc.string({ maxLength: 7 }), fc.string({ minLength: 201, maxLength: 230 }), fc.integer()) }),
  );
}

interface Spec {
  schema: z.ZodType;
  keys: string[];
  semantic: () => fc.Arbitrary<{ args: Record<string, unknown>; codes: readonly string[] }>;
}

const unknownTag = fc.stringMatching(/^&?[a-z0-9_]{2,30}$/).filter((t) => !['fay', 'gus', 'hal', 'ida'].includes(t.replace(/^&/, '')));
const unknownId = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z0-9-]{1,64}$/));
const caseOf = (text: string) => fc.constantFrom(text, text.toUpperCase(), ` ${text}  `, text.replace(' ', '   '));

const SPECS: Record<string, Spec> = {
  identity_write: {
    schema: identityWriteInput,
    keys: ['value', 'idempotencyKey'],
    // An exact duplicate is answered (written: false) and writes nothing: codes [] means success expected.
    semantic: () => caseOf('I like quiet mornings.').map((value) => ({ args: { value }, codes: [] })),
  },
  connections_request: {
    schema: connectionsRequestInput,
    keys: ['tag', 'note', 'idempotencyKey'],
    semantic: () =>
      fc.oneof(
        unknownTag.map((tag) => ({ args: { tag }, codes: ['andee_not_found'] })),
        fc.constantFrom('fay', '&fay', 'FAY').map((tag) => ({ args: { tag }, codes: ['cannot_request_self'] })),
        fc.constantFrom('gus', '&gus').map((tag) => ({ args: { tag }, codes: ['already_connected'] })),
        fc.constantFrom('hal', '&Hal').map((tag) => ({ args: { tag, note: 'again' }, codes: ['request_already_pending'] })),
      ),
  },
  connections_accept: {
    schema: connectionTagInput,
    keys: ['tag', 'idempotencyKey'],
    semantic: () => fc.oneof(unknownTag, fc.constantFrom('hal', 'gus', 'fay', 'ida')).map((tag) => ({ args: { tag }, codes: ['no_matching_request'] })),
  },
  connections_deny: {
    schema: connectionTagInput,
    keys: ['tag', 'idempotencyKey'],
    semantic: () => fc.oneof(unknownTag, fc.constantFrom('hal', 'gus', 'ida')).map((tag) => ({ args: { tag }, codes: ['no_matching_request'] })),
  },
  connections_remove: {
    schema: connectionTagInput,
    keys: ['tag', 'idempotencyKey'],
    semantic: () => fc.oneof(unknownTag, fc.constantFrom('hal', 'ida', 'fay')).map((tag) => ({ args: { tag }, codes: ['not_connected'] })),
  },
  ask_andee: {
    schema: askAndeeInput,
    keys: ['tag', 'question', 'idempotencyKey'],
    semantic: () =>
      fc.oneof(
        unknownTag.map((tag) => ({ args: { tag, question: 'Hi?' }, codes: ['andee_not_found'] })),
        fc.constantFrom('hal', 'ida', 'fay').map((tag) => ({ args: { tag, question: 'Hi?' }, codes: ['not_connected'] })),
      ),
  },
  questions_answer: {
    schema: questionsAnswerInput,
    keys: ['questionId', 'answer', 'idempotencyKey'],
    semantic: () =>
      fc.oneof(
        unknownId.map((questionId) => ({ args: { questionId, answer: 'Yes.' }, codes: ['question_not_found'] })),
        fc.constant({ args: { questionId: answeredQuestionId, answer: 'Coffee.' }, codes: ['question_not_pending'] }),
      ),
  },
  questions_reject: {
    schema: questionIdInput,
    keys: ['questionId', 'idempotencyKey'],
    semantic: () =>
      fc.oneof(
        unknownId.map((questionId) => ({ args: { questionId }, codes: ['question_not_found'] })),
        fc.constant({ args: { questionId: answeredQuestionId }, codes: ['question_not_pending'] }),
      ),
  },
  questions_withdraw: {
    schema: questionIdInput,
    keys: ['questionId', 'idempotencyKey'],
    // Fay answered it, she did not send it: not hers to withdraw.
    semantic: () => fc.oneof(unknownId, fc.constant(answeredQuestionId)).map((questionId) => ({ args: { questionId }, codes: ['question_not_found'] })),
  },
};

async function send(tool: string, args: unknown) {
  return rpc(amp.mcpUrl.replace(/\/mcp$/, ''), { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } }, { headers: auth });
}

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

describe('fuzzed writes change nothing and never fail with 500', () => {
  for (const [tool, spec] of Object.entries(SPECS)) {
    it(`${tool}: ${PER_TOOL} malformed and 200 semantically wrong calls`, async () => {
      const bad = fc
        .sample(malformed(spec.keys), { numRuns: PER_TOOL * 3, seed: SEED })
        .filter((args) => !spec.schema.safeParse(args).success)
        .slice(0, PER_TOOL);
      expect(bad.length).toBe(PER_TOOL);
      const semantic = fc.sample(spec.semantic(), { numRuns: 200, seed: SEED });
      for (const s of semantic) expect(spec.schema.safeParse(s.args).success, JSON.stringify(s.args)).toBe(true);
      const before = await digests();
      await inParallel(bad, async (args) => {
        const answer = await send(tool, args);
        expect(answer.status, JSON.stringify(args)).toBe(200);
        expect(answer.json.result?.isError, JSON.stringify(answer.json)).toBe(true);
        expect(answer.json.result.structuredContent.error.code, JSON.stringify(args)).toBe('invalid_arguments');
      });
      await inParallel(semantic, async ({ args, codes }) => {
        const answer = await send(tool, args);
        expect(answer.status).toBe(200);
        if (codes.length === 0) {
          expect(answer.json.result.isError, JSON.stringify(answer.json)).toBeUndefined();
          expect(answer.json.result.structuredContent.written).toBe(false);
        } else {
          expect(codes, `${JSON.stringify(args)} → ${JSON.stringify(answer.json)}`).toContain(answer.json.result.structuredContent?.error?.code);
        }
      });
      expect(await digests()).toEqual(before);
    }, 600_000);
  }
});
