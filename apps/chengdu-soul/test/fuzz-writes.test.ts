/**
 * A refused planning write changes nothing. Over real HTTP with a valid Agent credential, each of
 * the three writes receives at least 2,000 generated malformed argument objects (wrong types,
 * missing fields, out-of-range numbers, huge strings, unknown keys, nested junk, wrong enum
 * values, bad hashes, non-object arguments) plus well-typed but semantically wrong ones (unknown
 * or duplicate cardIds, never-published or mixed catalog versions, required/excluded conflicts, too many
 * required scenes, stale revisions and hashes, confirmed drafts, reused idempotency keys).
 *
 * Every answer must be HTTP 200 carrying a structured, non-retryable tool error with the expected
 * code and the request's correlation id (non-object arguments too: invalid_arguments); never a 500. The server must still be healthy afterwards, and the rows of drafts,
 * draft_revisions, pages and idempotency_records must be exactly as before each batch. Malformed
 * cases are kept only when the tool's zod schema rejects them, and every semantic case is asserted
 * to pass that schema, so each kind tests what it claims to.
 *
 * The last block puts text that PostgreSQL or the RFC 8785 request hash cannot take exactly (NUL,
 * unpaired surrogates) into otherwise valid writes: it must be refused as invalid (or as the
 * domain refusal its place implies), never fail inside the database or alias another key.
 *
 * Then arguments nested 10,000 and 100,000 levels deep, in every place of every write, get the
 * structured invalid_arguments error naming the field (deep elsewhere in a message: a JSON-RPC
 * invalid request); and JSON-RPC batches (2025-03-26) of
 * generated cases answer each call as it would be answered alone, with a stored write's result
 * kept beside a refused call.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type * as z from 'zod';
import { rpc } from '@agent-products/kit/testing';
import { newestBundledRelease } from '../src/catalog/bundled-releases.ts';
import { readReleaseFolder } from '../src/catalog/read-release.ts';
import { ATMOSPHERES, DISCOVERIES, PLAN_LIMITS, RHYTHMS } from '../src/catalog/vocabulary.ts';
import { ConfirmInput, ProposeInput, ReviseInput } from '../src/planning/proposal-input.ts';
import type { ChengduDatabase } from '../src/store/schema.ts';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const MALFORMED_PER_TOOL = 2000;
const MALFORMED_PER_BATCH = 40;
const SEMANTIC_PER_BATCH = 10;
const BATCHES = Math.ceil(MALFORMED_PER_TOOL / MALFORMED_PER_BATCH);
/**
 * Which tables a refused write must leave exactly as they were: all of them but the shared write
 * limit's counters, which count every admitted call, refused or not. Typed over the schema, so a
 * new table must be placed here before this compiles.
 */
const COMPARED: Record<keyof ChengduDatabase, boolean> = {
  catalog_releases: true,
  accounts: true,
  agent_credentials: true,
  drafts: true,
  draft_revisions: true,
  pages: true,
  idempotency_records: true,
  rate_limits: false,
  sign_in_links: true,
  sessions: true,
  feedback: true,
  removal_requests: true,
  settings: true,
};
const TABLES = (Object.keys(COMPARED) as Array<keyof ChengduDatabase>).filter((table) => COMPARED[table]);

const release = readReleaseFolder(newestBundledRelease());
const CURRENT_VERSION = release.manifest.catalogVersion;
const KNOWN_IDS = release.scenes.map((scene) => scene.cardId);
const KNOWN = new Set(KNOWN_IDS);

type Tool = 'propose_chengdu_itinerary' | 'revise_chengdu_draft' | 'confirm_chengdu_draft';
type Expected = { toolError: readonly string[] };
interface FuzzCase {
  kind: string;
  /** The `arguments` sent; `undefined` sends none. Always JSON-clean (what the server parses). */
  args: unknown;
  expected: Expected;
}
interface Answer {
  status: number;
  headers: Headers;
  json: any;
}
type Json = Record<string, unknown>;

/** The drafts the semantic cases aim at: one open, one revised past revision 1, one confirmed. */
interface Fixtures {
  proposeKey: string;
  open: { draftRef: string; contentHash: string; sceneIds: string[] };
  revised: { draftRef: string; contentHash: string; firstHash: string; reviseKey: string };
  confirmed: { draftRef: string; revision: number; contentHash: string; sceneIds: string[]; confirmKey: string };
}

let server: RunningChengdu;
let auth: Record<string, string>;
let fixtures: Fixtures;
let keyCounter = 0;
const setupKey = () => `fuzz-setup-${++keyCounter}-${Date.now()}`;

async function send(tool: Tool, args: unknown): Promise<Answer> {
  const params = args === undefined ? { name: tool } : { name: tool, arguments: args };
  return rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { headers: auth });
}

async function succeed(tool: Tool, args: Json): Promise<any> {
  const answer = await send(tool, args);
  expect(answer.json.result.isError, JSON.stringify(answer.json)).toBeUndefined();
  return answer.json.result.structuredContent;
}

/** Per table, a SHA-256 of its rows in order (each row as JSON, sorted): equal only for equal content. */
async function tableDigests(): Promise<Record<string, string>> {
  const db = server.database.db;
  const tables = await Promise.all(TABLES.map((table) => db.selectFrom(table).selectAll().execute()));
  return Object.fromEntries(
    TABLES.map((table, i) => {
      const rows = (tables[i] as unknown[]).map((row) => JSON.stringify(row)).sort();
      return [table, `${rows.length}:${createHash('sha256').update(rows.join('\n')).digest('hex')}`];
    }),
  );
}

const sceneIdsOf = (draft: any): string[] => draft.days.flatMap((day: any) => day.scenes.map((scene: any) => scene.cardId));

beforeAll(async () => {
  server = await startChengdu({ writesPerMinute: 1_000_000_000 });
  auth = { Authorization: `Bearer ${(await issueCredential(server)).token}` };
  const preferences = { dayCount: 2, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' };

  const proposeKey = setupKey();
  const open = await succeed('propose_chengdu_itinerary', { ...preferences, idempotencyKey: proposeKey });

  const toRevise = await succeed('propose_chengdu_itinerary', { ...preferences, dayCount: 3, idempotencyKey: setupKey() });
  const reviseKey = setupKey();
  const revised = await succeed('revise_chengdu_draft', {
    draftRef: toRevise.draftRef,
    expectedRevision: 1,
    expectedContentHash: toRevise.contentHash,
    revisionIntent: { type: 'exclude_card', cardId: sceneIdsOf(toRevise)[0] },
    idempotencyKey: reviseKey,
  });

  const toConfirm = await succeed('propose_chengdu_itinerary', { ...preferences, dayCount: 1, idempotencyKey: setupKey() });
  const confirmKey = setupKey();
  await succeed('confirm_chengdu_draft', {
    draftRef: toConfirm.draftRef,
    expectedRevision: 1,
    expectedContentHash: toConfirm.contentHash,
    confirmation: { action: 'publish' },
    idempotencyKey: confirmKey,
  });

  fixtures = {
    proposeKey,
    open: { draftRef: open.draftRef, contentHash: open.contentHash, sceneIds: sceneIdsOf(open) },
    revised: { draftRef: revised.draftRef, contentHash: revised.contentHash, firstHash: toRevise.contentHash, reviseKey },
    confirmed: { draftRef: toConfirm.draftRef, revision: 1, contentHash: toConfirm.contentHash, sceneIds: sceneIdsOf(toConfirm), confirmKey },
  };
});

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Building blocks

const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const labelled = (kind: string, arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => ({ kind, value }));

const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
/** A fresh, well-formed key: printable graphemes only (keys the database cannot store are tested last). */
const freshKey = fc
  .string({ unit: 'grapheme', minLength: PLAN_LIMITS.idempotencyKeyMin, maxLength: 40 })
  .filter((key) => key.length <= PLAN_LIMITS.idempotencyKeyMax);
/** Printable text of 1–80 characters: a draftRef or cardId that is well-typed but names nothing. */
const printableText = (maxLength: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength }).filter((text) => text.length <= maxLength);
const anyCardId = fc.oneof(fc.constantFrom(...KNOWN_IDS), printableText(80));
const unknownCardId = fc
  .oneof(
    printableText(80),
    fc.stringMatching(/^[a-z][a-z0-9-]{1,30}$/),
    fc.constantFrom(...KNOWN_IDS).chain((id) => fc.constantFrom(`${id}-2`, id.toUpperCase(), ` ${id}`, `${id} `, `${id}\u200b`)),
  )
  .filter((id) => !KNOWN.has(id) && id.length <= 80);
const otherVersion = fc
  .oneof(
    fc
      .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 9 }))
      .map(([y, m, d, n]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}.${n}`),
    fc.constantFrom(` ${CURRENT_VERSION}`, `${CURRENT_VERSION} `, CURRENT_VERSION.replace(/\.\d+$/, '.2'), `${CURRENT_VERSION.toUpperCase()}x`),
    printableText(40),
  )
  .filter((version) => version !== CURRENT_VERSION && version.length <= 40);
const preferences = fc.record({
  dayCount: fc.integer({ min: PLAN_LIMITS.dayCountMin, max: PLAN_LIMITS.dayCountMax }),
  rhythm: fc.constantFrom(...RHYTHMS),
  discovery: fc.constantFrom(...DISCOVERIES),
  atmosphere: fc.constantFrom(...ATMOSPHERES),
});

/** Required IDs as the contract sends them: one selection object, or an array of ≤ 9-ID selections. */
function sceneSelection(ids: readonly string[], versions: readonly string[], asArray: boolean): unknown {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 9) chunks.push(ids.slice(i, i + 9));
  const selections = chunks.map((requiredCardIds, i) => ({ catalogVersion: versions[i % versions.length]!, requiredCardIds }));
  return selections.length === 1 && !asArray ? selections[0] : selections;
}

/** A string of at least `min` characters, up to 40,000: big, but the body stays under the 1 MiB limit. */
const hugeString = (min: number) =>
  fc
    .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.integer({ min, max: 40_000 }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
const overLong = (max: number) => fc.string({ unit: 'grapheme-ascii', minLength: max + 1, maxLength: max + 30 });
const wrongType = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const nestedJunk = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 6 }), { minLength: 1, maxLength: 4 }),
  fc.dictionary(fc.string({ unit: 'binary', maxLength: 10 }), fc.jsonValue({ maxDepth: 6 }), { minKeys: 1, maxKeys: 5 }),
);
const wrongEnum = (valid: readonly string[]) =>
  fc
    .oneof(
      fc.constantFrom(...RHYTHMS, ...DISCOVERIES, ...ATMOSPHERES, 'exclude_card', 'publish', 'fast', 'relaxed', 'none', ''),
      fc.mixedCase(fc.constantFrom(...valid)),
      fc.constantFrom(...valid).chain((v) => fc.constantFrom(` ${v}`, `${v} `, `${v}\u0000`, `${v}s`, v.slice(1))),
      fc.string({ maxLength: 12 }),
    )
    .filter((value) => !valid.includes(value));
const shortKey = fc.string({ unit: 'binary', maxLength: PLAN_LIMITS.idempotencyKeyMin - 1 });
const badKey = fc.oneof(
  labelled('out-of-range', shortKey),
  labelled('out-of-range', overLong(PLAN_LIMITS.idempotencyKeyMax)),
  labelled('huge-string', hugeString(PLAN_LIMITS.idempotencyKeyMax + 1)),
);
const badRef = fc.oneof(labelled('out-of-range', fc.constant('')), labelled('out-of-range', overLong(80)), labelled('huge-string', hugeString(81)));
const badRevision = labelled(
  'out-of-range',
  fc.oneof(
    fc.integer({ min: -1_000_000, max: 0 }),
    fc.double({ min: 1.0001, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
    fc.constantFrom(2 ** 53, 2 ** 60, 1e300, -1e300, 0.5),
  ),
);
const badHash = (hash: string) =>
  labelled(
    'bad-hash',
    fc.oneof(
      fc.constantFrom(hash.toUpperCase(), hash.slice(1), `${hash}0`, ` ${hash.slice(1)}`, `sha256:${hash}`),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 63 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 65, maxLength: 128 }),
      fc.tuple(hex64, fc.nat(63), fc.constantFrom('g', 'G', 'z', ' ', '-', 'é', '\u0000')).map(([h, i, c]) => h.slice(0, i) + c + h.slice(i + 1)),
    ),
  );
const badCardIds = (maxItems: number) =>
  fc.oneof(
    labelled('out-of-range', fc.array(fc.constantFrom(...KNOWN_IDS), { minLength: maxItems + 1, maxLength: maxItems + 40 })),
    labelled(
      'wrong-type',
      fc.tuple(fc.subarray(KNOWN_IDS, { maxLength: 3 }), wrongType).map(([ids, junk]) => [...ids, junk]),
    ),
    labelled(
      'out-of-range',
      fc.tuple(fc.subarray(KNOWN_IDS, { maxLength: 3 }), fc.oneof(fc.constant(''), overLong(80))).map(([ids, bad]) => [bad, ...ids]),
    ),
    labelled(
      'huge-string',
      hugeString(81).map((huge) => [huge]),
    ),
  );
const unknownKeyName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'accountId', 'owner', 'account_id', 'draftRef', 'revision', 'status', 'pageUrl', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** One field of a tool's arguments and the ways to break it. */
interface Field {
  path: readonly string[];
  required: boolean;
  bad: fc.Arbitrary<{ kind: string; value: unknown }>;
}
/** An object inside the arguments, with the keys its schema accepts. */
interface ObjectShape {
  path: readonly string[];
  keys: readonly string[];
}
type Mutation = { kind: string; path: readonly string[]; remove: boolean; value?: unknown };

function field(path: readonly string[], required: boolean, ...specific: fc.Arbitrary<{ kind: string; value: unknown }>[]): Field {
  return { path, required, bad: fc.oneof(...specific, labelled('wrong-type', wrongType), labelled('nested-junk', nestedJunk)) };
}

function mutation(fields: readonly Field[], objects: readonly ObjectShape[]): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fields).chain((f) => f.bad.map(({ kind, value }) => ({ kind, path: f.path, remove: false, value }))) },
    { weight: 2, arbitrary: fc.constantFrom(...fields.filter((f) => f.required)).map((f) => ({ kind: 'missing', path: f.path, remove: true })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...objects), unknownKeyName, fc.jsonValue({ maxDepth: 3 }))
        .filter(([shape, key]) => !shape.keys.includes(key))
        .map(([shape, key, value]) => ({ kind: 'unknown-key', path: [...shape.path, key], remove: false, value })),
    },
  );
}

/** Applies the mutations to a copy of valid arguments; a step whose parent is no longer an object is skipped. */
function mutate(base: Json, mutations: readonly Mutation[]): unknown {
  const root = structuredClone(base);
  for (const m of mutations) {
    let parent: unknown = root;
    for (const step of m.path.slice(0, -1)) parent = isRecord(parent) ? parent[step] : undefined;
    if (!isRecord(parent)) continue;
    const key = m.path[m.path.length - 1]!;
    // defineProperty, so that a key such as `__proto__` becomes a real own key of the JSON sent.
    if (m.remove) delete parent[key];
    else Object.defineProperty(parent, key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return asJson(root);
}

const INVALID: Expected = { toolError: ['invalid_arguments'] };
const nonObjectArguments = fc.oneof(
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);

/** Malformed arguments for one tool: mutated valid arguments the schema rejects, non-objects, nothing at all. */
function malformedCases(schema: z.ZodType, base: fc.Arbitrary<Json>, fields: readonly Field[], objects: readonly ObjectShape[]): fc.Arbitrary<FuzzCase> {
  const mutated = fc
    .record({ base, mutations: fc.array(mutation(fields, objects), { minLength: 1, maxLength: 3 }) })
    .map(({ base, mutations }): FuzzCase => ({ kind: mutations[0]!.kind, args: mutate(base, mutations), expected: INVALID }))
    .filter((c) => !schema.safeParse(c.args).success);
  return fc.oneof(
    { weight: 16, arbitrary: mutated },
    { weight: 2, arbitrary: nonObjectArguments.map((args): FuzzCase => ({ kind: 'non-object', args, expected: INVALID })) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, {}).map((args): FuzzCase => ({ kind: 'no-arguments', args, expected: INVALID })) },
  );
}

const semanticCase = (kind: string, code: string, args: fc.Arbitrary<Json>): fc.Arbitrary<FuzzCase> =>
  args.map((a) => ({ kind, args: asJson(a), expected: { toolError: [code] } }));

// ---------------------------------------------------------------------------------------------
// Per tool: valid arguments, their fields, and the semantic failures

const proposeBase = fc
  .record({
    prefs: preferences,
    excluded: fc.subarray(KNOWN_IDS, { maxLength: 4 }),
    required: fc.subarray(KNOWN_IDS, { minLength: 1, maxLength: 2 }),
    key: freshKey,
  })
  .map(
    ({ prefs, excluded, required, key }): Json => ({
      ...prefs,
      excludedCardIds: excluded.filter((id) => !required.includes(id)),
      sceneSelection: { catalogVersion: CURRENT_VERSION, requiredCardIds: required },
      idempotencyKey: key,
    }),
  );

const proposeFields: Field[] = [
  field(
    ['dayCount'],
    true,
    labelled(
      'out-of-range',
      fc.oneof(
        fc.integer({ min: -1_000_000, max: 0 }),
        fc.integer({ min: 4, max: Number.MAX_SAFE_INTEGER }),
        fc.double({ min: 1.0001, max: 2.9999, noNaN: true }),
        fc.constantFrom(1e300, -1e300, 2 ** 53 + 2, 0.5),
      ),
    ),
  ),
  field(['rhythm'], true, labelled('wrong-enum', wrongEnum(RHYTHMS))),
  field(['discovery'], true, labelled('wrong-enum', wrongEnum(DISCOVERIES))),
  field(['atmosphere'], true, labelled('wrong-enum', wrongEnum(ATMOSPHERES))),
  field(['excludedCardIds'], false, badCardIds(60)),
  field(
    ['sceneSelection'],
    false,
    labelled('out-of-range', fc.constant([])),
    labelled(
      'out-of-range',
      fc.array(fc.record({ catalogVersion: fc.constant(CURRENT_VERSION), requiredCardIds: fc.subarray(KNOWN_IDS, { minLength: 1, maxLength: 1 }) }), {
        minLength: 10,
        maxLength: 12,
      }),
    ),
  ),
  field(['sceneSelection', 'catalogVersion'], true, labelled('out-of-range', fc.oneof(fc.constant(''), overLong(40))), labelled('huge-string', hugeString(41))),
  field(['sceneSelection', 'requiredCardIds'], true, labelled('out-of-range', fc.constant([])), badCardIds(9)),
  field(['idempotencyKey'], true, badKey),
];
const proposeObjects: ObjectShape[] = [
  { path: [], keys: Object.keys(ProposeInput.shape) },
  { path: ['sceneSelection'], keys: ['catalogVersion', 'requiredCardIds'] },
];

function proposeSemantic(fx: Fixtures): fc.Arbitrary<FuzzCase> {
  const withSelection = (prefs: Json, ids: string[], versions: string[], asArray: boolean, excluded: string[], key: string): Json => ({
    ...prefs,
    ...(excluded.length > 0 ? { excludedCardIds: excluded } : {}),
    ...(ids.length > 0 ? { sceneSelection: sceneSelection(ids, versions, asArray) } : {}),
    idempotencyKey: key,
  });
  return fc.oneof(
    semanticCase(
      'unknown-card-ids',
      'unknown_card_ids',
      fc
        .record({
          prefs: preferences,
          required: fc.uniqueArray(fc.oneof(anyCardId, unknownCardId), { maxLength: 9 }),
          excluded: fc.array(fc.oneof(anyCardId, unknownCardId), { maxLength: 10 }),
          asArray: fc.boolean(),
          key: freshKey,
        })
        .filter(({ required, excluded }) => [...required, ...excluded].some((id) => !KNOWN.has(id)))
        .map(({ prefs, required, excluded, asArray, key }) => withSelection(prefs, required, [CURRENT_VERSION], asArray, excluded, key)),
    ),
    // The suite publishes one release only, so every other version was never published.
    semanticCase(
      'unpublished-catalog-version',
      'unknown_catalog_version',
      fc
        .record({ prefs: preferences, version: otherVersion, ids: fc.array(anyCardId, { minLength: 1, maxLength: 18 }), asArray: fc.boolean(), key: freshKey })
        .map(({ prefs, version, ids, asArray, key }) => withSelection(prefs, ids, [version], asArray, [], key)),
    ),
    semanticCase(
      'mixed-catalog-versions',
      'mixed_catalog_versions',
      fc
        .record({
          prefs: preferences,
          versions: fc.array(fc.oneof(fc.constant(CURRENT_VERSION), otherVersion), { minLength: 2, maxLength: 4 }),
          ids: fc.array(anyCardId, { minLength: 10, maxLength: 36 }),
          key: freshKey,
        })
        .filter(({ versions, ids }) => new Set(versions.slice(0, Math.ceil(ids.length / 9))).size > 1)
        .map(({ prefs, versions, ids, key }) => withSelection(prefs, ids, versions, true, [], key)),
    ),
    semanticCase(
      'duplicate-card-ids',
      'duplicate_card_ids',
      fc
        .record({ prefs: preferences, rest: fc.array(anyCardId, { maxLength: 12 }), twice: anyCardId, at: fc.nat(), asArray: fc.boolean(), key: freshKey })
        .map(({ prefs, rest, twice, at, asArray, key }) => {
          const ids = [twice, ...rest];
          ids.splice(1 + (at % ids.length), 0, twice);
          return withSelection(prefs, ids, [CURRENT_VERSION], asArray, [], key);
        }),
    ),
    semanticCase(
      'selection-conflict',
      'selection_conflict',
      fc
        .record({
          prefs: preferences,
          required: fc.subarray(KNOWN_IDS, { minLength: 1, maxLength: 6 }),
          extra: fc.subarray(KNOWN_IDS, { maxLength: 4 }),
          key: freshKey,
        })
        .chain(({ prefs, required, extra, key }) =>
          fc.subarray(required, { minLength: 1 }).map((both) => withSelection(prefs, required, [CURRENT_VERSION], false, [...both, ...extra], key)),
        ),
    ),
    semanticCase(
      'too-many-required-scenes',
      'too_many_required_scenes',
      fc.record({ prefs: preferences, key: freshKey, asArray: fc.boolean() }).chain(({ prefs, key, asArray }) => {
        const capacity = prefs.dayCount * PLAN_LIMITS.scenesPerDay[prefs.rhythm];
        return fc.shuffledSubarray(KNOWN_IDS, { minLength: capacity + 1, maxLength: capacity + 10 }).chain((required) =>
          fc
            .subarray(
              KNOWN_IDS.filter((id) => !required.includes(id)),
              { maxLength: 5 },
            )
            .map((excluded) => withSelection(prefs, required, [CURRENT_VERSION], asArray, excluded, key)),
        );
      }),
    ),
    semanticCase(
      'reused-key',
      'idempotency_conflict',
      fc
        .record({ prefs: preferences, excluded: fc.subarray(KNOWN_IDS, { minLength: 1, maxLength: 5 }) })
        .map(({ prefs, excluded }) => ({ ...prefs, excludedCardIds: excluded, idempotencyKey: fx.proposeKey })),
    ),
  );
}

const pointerFields = (hash: string): Field[] => [
  field(['draftRef'], true, badRef),
  field(['expectedRevision'], true, badRevision),
  field(['expectedContentHash'], true, badHash(hash)),
  field(['idempotencyKey'], true, badKey),
];

const reviseBase = (fx: Fixtures) =>
  fc.record({ cardId: fc.constantFrom(...fx.open.sceneIds), key: freshKey }).map(
    ({ cardId, key }): Json => ({
      draftRef: fx.open.draftRef,
      expectedRevision: 1,
      expectedContentHash: fx.open.contentHash,
      revisionIntent: { type: 'exclude_card', cardId },
      idempotencyKey: key,
    }),
  );
const reviseFields = (fx: Fixtures): Field[] => [
  ...pointerFields(fx.open.contentHash),
  field(['revisionIntent'], true, labelled('wrong-type', fc.constantFrom('exclude_card', 'exclude', '')), labelled('missing', fc.constant({}))),
  field(['revisionIntent', 'type'], true, labelled('wrong-enum', wrongEnum(['exclude_card']))),
  field(['revisionIntent', 'cardId'], true, badRef),
];
const reviseObjects: ObjectShape[] = [
  { path: [], keys: Object.keys(ReviseInput.shape) },
  { path: ['revisionIntent'], keys: ['type', 'cardId'] },
];

function reviseSemantic(fx: Fixtures): fc.Arbitrary<FuzzCase> {
  const known = new Set([fx.open.draftRef, fx.revised.draftRef, fx.confirmed.draftRef]);
  const revise = (draftRef: string, expectedRevision: number, expectedContentHash: string, cardId: string, idempotencyKey: string): Json => ({
    draftRef,
    expectedRevision,
    expectedContentHash,
    revisionIntent: { type: 'exclude_card', cardId },
    idempotencyKey,
  });
  const unknownRef = fc.oneof(printableText(80), fc.stringMatching(/^dr_[A-Za-z0-9_-]{16}$/)).filter((ref) => !known.has(ref));
  const openScene = fc.constantFrom(...fx.open.sceneIds);
  return fc.oneof(
    semanticCase(
      'unknown-draft',
      'draft_not_found',
      fc
        .tuple(unknownRef, fc.integer({ min: 1, max: 1_000_000 }), hex64, anyCardId, freshKey)
        .map(([ref, rev, hash, card, key]) => revise(ref, rev, hash, card, key)),
    ),
    semanticCase(
      'stale-revision',
      'revision_conflict',
      fc
        .tuple(fc.integer({ min: 2, max: 1_000_000 }), openScene, freshKey)
        .map(([rev, card, key]) => revise(fx.open.draftRef, rev, fx.open.contentHash, card, key)),
    ),
    semanticCase(
      'wrong-hash',
      'revision_conflict',
      fc
        .tuple(
          hex64.filter((h) => h !== fx.open.contentHash),
          openScene,
          freshKey,
        )
        .map(([hash, card, key]) => revise(fx.open.draftRef, 1, hash, card, key)),
    ),
    semanticCase(
      'superseded-revision',
      'revision_conflict',
      fc.tuple(anyCardId, freshKey).map(([card, key]) => revise(fx.revised.draftRef, 1, fx.revised.firstHash, card, key)),
    ),
    semanticCase(
      'card-not-in-draft',
      'card_not_in_draft',
      fc
        .tuple(
          anyCardId.filter((id) => !fx.open.sceneIds.includes(id)),
          freshKey,
        )
        .map(([card, key]) => revise(fx.open.draftRef, 1, fx.open.contentHash, card, key)),
    ),
    semanticCase(
      'already-confirmed',
      'draft_already_confirmed',
      fc
        .tuple(fc.constantFrom(...fx.confirmed.sceneIds), freshKey)
        .map(([card, key]) => revise(fx.confirmed.draftRef, fx.confirmed.revision, fx.confirmed.contentHash, card, key)),
    ),
    semanticCase(
      'reused-key',
      'idempotency_conflict',
      fc.tuple(openScene, hex64).map(([card, hash]) => revise(fx.open.draftRef, 1, hash, card, fx.revised.reviseKey)),
    ),
  );
}

const confirmBase = (fx: Fixtures) =>
  freshKey.map(
    (key): Json => ({
      draftRef: fx.open.draftRef,
      expectedRevision: 1,
      expectedContentHash: fx.open.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key,
    }),
  );
const confirmFields = (fx: Fixtures): Field[] => [
  ...pointerFields(fx.open.contentHash),
  field(['confirmation'], true, labelled('wrong-type', fc.constantFrom('publish', 'Publish', '')), labelled('missing', fc.constant({}))),
  field(['confirmation', 'action'], true, labelled('wrong-enum', wrongEnum(['publish']))),
];
const confirmObjects: ObjectShape[] = [
  { path: [], keys: Object.keys(ConfirmInput.shape) },
  { path: ['confirmation'], keys: ['action'] },
];

function confirmSemantic(fx: Fixtures): fc.Arbitrary<FuzzCase> {
  const known = new Set([fx.open.draftRef, fx.revised.draftRef, fx.confirmed.draftRef]);
  const confirm = (draftRef: string, expectedRevision: number, expectedContentHash: string, idempotencyKey: string): Json => ({
    draftRef,
    expectedRevision,
    expectedContentHash,
    confirmation: { action: 'publish' },
    idempotencyKey,
  });
  const unknownRef = fc.oneof(printableText(80), fc.stringMatching(/^dr_[A-Za-z0-9_-]{16}$/)).filter((ref) => !known.has(ref));
  return fc.oneof(
    semanticCase(
      'unknown-draft',
      'draft_not_found',
      fc.tuple(unknownRef, fc.integer({ min: 1, max: 1_000_000 }), hex64, freshKey).map(([r, n, h, k]) => confirm(r, n, h, k)),
    ),
    semanticCase(
      'stale-revision',
      'revision_conflict',
      fc.tuple(fc.integer({ min: 2, max: 1_000_000 }), freshKey).map(([rev, key]) => confirm(fx.open.draftRef, rev, fx.open.contentHash, key)),
    ),
    semanticCase(
      'wrong-hash',
      'revision_conflict',
      fc
        .tuple(
          hex64.filter((h) => h !== fx.open.contentHash),
          freshKey,
        )
        .map(([hash, key]) => confirm(fx.open.draftRef, 1, hash, key)),
    ),
    semanticCase(
      'superseded-revision',
      'revision_conflict',
      freshKey.map((key) => confirm(fx.revised.draftRef, 1, fx.revised.firstHash, key)),
    ),
    semanticCase(
      'already-confirmed',
      'draft_already_confirmed',
      freshKey.map((key) => confirm(fx.confirmed.draftRef, fx.confirmed.revision, fx.confirmed.contentHash, key)),
    ),
    // A confirmation that would otherwise publish, under a key already used for another one.
    semanticCase(
      'reused-key',
      'idempotency_conflict',
      fc.constant(null).map(() => confirm(fx.open.draftRef, 1, fx.open.contentHash, fx.confirmed.confirmKey)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The checks

function expectRefused(c: FuzzCase, answer: Answer): void {
  const context = `${c.kind}: ${JSON.stringify(c.args)?.slice(0, 300)} → ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 300)}`;
  expect(answer.status, context).toBe(200);
  const result = answer.json.result;
  expect(result?.isError, context).toBe(true);
  const error = result.structuredContent.error;
  expect(c.expected.toolError, context).toContain(error.code);
  expect(typeof error.message, context).toBe('string');
  expect(error.message.length, context).toBeGreaterThan(0);
  expect(error.retryable, context).toBe(false);
  expect(error.correlationId, context).toBe(answer.headers.get('x-request-id'));
  expect(result.content[0].text, context).toContain(error.code);
}

async function expectHealthy(): Promise<void> {
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { status: string }).status).toBe('ok');
}

interface ToolFuzz {
  tool: Tool;
  schema: z.ZodType;
  malformed: (fx: Fixtures) => fc.Arbitrary<FuzzCase>;
  semantic: (fx: Fixtures) => fc.Arbitrary<FuzzCase>;
  /** Kinds each run must have produced, so a generator that silently stopped producing one fails. */
  kinds: readonly string[];
}

const SYNTAX_KINDS = ['wrong-type', 'missing', 'out-of-range', 'huge-string', 'unknown-key', 'nested-junk', 'wrong-enum', 'non-object', 'no-arguments'];
const POINTER_KINDS = ['unknown-draft', 'stale-revision', 'wrong-hash', 'superseded-revision', 'already-confirmed', 'reused-key', 'bad-hash'];

const toolFuzz: ToolFuzz[] = [
  {
    tool: 'propose_chengdu_itinerary',
    schema: ProposeInput,
    malformed: () => malformedCases(ProposeInput, proposeBase, proposeFields, proposeObjects),
    semantic: proposeSemantic,
    kinds: [
      ...SYNTAX_KINDS,
      'unknown-card-ids',
      'unpublished-catalog-version',
      'mixed-catalog-versions',
      'duplicate-card-ids',
      'selection-conflict',
      'too-many-required-scenes',
      'reused-key',
    ],
  },
  {
    tool: 'revise_chengdu_draft',
    schema: ReviseInput,
    malformed: (fx) => malformedCases(ReviseInput, reviseBase(fx), reviseFields(fx), reviseObjects),
    semantic: reviseSemantic,
    kinds: [...SYNTAX_KINDS, ...POINTER_KINDS, 'card-not-in-draft'],
  },
  {
    tool: 'confirm_chengdu_draft',
    schema: ConfirmInput,
    malformed: (fx) => malformedCases(ConfirmInput, confirmBase(fx), confirmFields(fx), confirmObjects),
    semantic: confirmSemantic,
    kinds: [...SYNTAX_KINDS, ...POINTER_KINDS],
  },
];

describe('malformed and semantically wrong planning writes', () => {
  it.each(toolFuzz)(
    '$tool: every one is a structured refusal that writes nothing',
    async ({ tool, schema, malformed, semantic, kinds }) => {
      const seen = new Map<string, number>();
      let malformedSent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(malformed(fixtures), { minLength: MALFORMED_PER_BATCH, maxLength: MALFORMED_PER_BATCH }),
          fc.array(semantic(fixtures), { minLength: SEMANTIC_PER_BATCH, maxLength: SEMANTIC_PER_BATCH }),
          async (bad, wrong) => {
            for (const c of wrong) expect(schema.safeParse(c.args).success, `${c.kind} must be well-typed: ${JSON.stringify(c.args)}`).toBe(true);
            const cases = [...bad, ...wrong];
            const before = await tableDigests();
            const answers = await Promise.all(cases.map((c) => send(tool, c.args)));
            for (const [i, c] of cases.entries()) expectRefused(c, answers[i]!);
            expect(await tableDigests()).toEqual(before);
            malformedSent += bad.length;
            for (const c of cases) seen.set(c.kind, (seen.get(c.kind) ?? 0) + 1);
          },
        ),
        { numRuns: BATCHES },
      );
      expect(malformedSent).toBeGreaterThanOrEqual(MALFORMED_PER_TOOL);
      for (const kind of kinds) expect(seen.get(kind) ?? 0, `cases of kind ${kind}`).toBeGreaterThanOrEqual(3);
      await expectHealthy();
      // Bounded by count (2,500 calls), not by time: a busy machine only makes it slower.
    },
    300_000,
  );
});

describe('text the database or the request hash cannot take exactly', () => {
  /** Text of 8–41 characters holding a NUL or an unpaired surrogate among printable ASCII. */
  const unstorable = fc
    .tuple(
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
      fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
    )
    .map(([before, bad, after]) => `${before}${bad}${after}`)
    .filter((text) => text.length >= PLAN_LIMITS.idempotencyKeyMin && text.length <= 40);

  interface Draft {
    draftRef: string;
    contentHash: string;
    sceneIds: string[];
  }
  const prefs = { dayCount: 1, rhythm: 'spacious', discovery: 'local', atmosphere: 'quiet' };
  const freshKeyText = () => `fuzz-text-${++keyCounter}-${Date.now()}`;
  const revise = (d: Draft, cardId: string, draftRef = d.draftRef, idempotencyKey = freshKeyText()): Json => ({
    draftRef,
    expectedRevision: 1,
    expectedContentHash: d.contentHash,
    revisionIntent: { type: 'exclude_card', cardId },
    idempotencyKey,
  });
  const confirm = (d: Draft, draftRef = d.draftRef, idempotencyKey = freshKeyText()): Json => ({
    draftRef,
    expectedRevision: 1,
    expectedContentHash: d.contentHash,
    confirmation: { action: 'publish' },
    idempotencyKey,
  });

  // Each case would succeed with ordinary text in the same place, or fail with the named domain code.
  const cases: Array<{ tool: Tool; field: string; build: (d: Draft, text: string) => Json; codes: readonly string[] }> = [
    { tool: 'propose_chengdu_itinerary', field: 'idempotencyKey', build: (_d, text) => ({ ...prefs, idempotencyKey: text }), codes: ['invalid_arguments'] },
    {
      tool: 'propose_chengdu_itinerary',
      field: 'excludedCardIds',
      build: (_d, text) => ({ ...prefs, excludedCardIds: [text], idempotencyKey: freshKeyText() }),
      codes: ['invalid_arguments', 'unknown_card_ids'],
    },
    {
      tool: 'propose_chengdu_itinerary',
      field: 'sceneSelection.catalogVersion',
      build: (_d, text) => ({ ...prefs, sceneSelection: { catalogVersion: text, requiredCardIds: ['jinli'] }, idempotencyKey: freshKeyText() }),
      codes: ['invalid_arguments', 'unknown_catalog_version'],
    },
    { tool: 'revise_chengdu_draft', field: 'idempotencyKey', build: (d, text) => revise(d, d.sceneIds[0]!, d.draftRef, text), codes: ['invalid_arguments'] },
    { tool: 'revise_chengdu_draft', field: 'draftRef', build: (d, text) => revise(d, d.sceneIds[0]!, text), codes: ['invalid_arguments', 'draft_not_found'] },
    { tool: 'revise_chengdu_draft', field: 'revisionIntent.cardId', build: (d, text) => revise(d, text), codes: ['invalid_arguments', 'card_not_in_draft'] },
    { tool: 'confirm_chengdu_draft', field: 'idempotencyKey', build: (d, text) => confirm(d, d.draftRef, text), codes: ['invalid_arguments'] },
    { tool: 'confirm_chengdu_draft', field: 'draftRef', build: (d, text) => confirm(d, text), codes: ['invalid_arguments', 'draft_not_found'] },
  ];

  it.each(cases)('$tool: a $field with NUL or an unpaired surrogate is refused as such and writes nothing', async ({ tool, build, codes, field }) => {
    // A draft of its own, so that a wrongly accepted write cannot disturb another case.
    const created = await succeed('propose_chengdu_itinerary', { ...prefs, dayCount: 2, idempotencyKey: freshKeyText() });
    const draft: Draft = { draftRef: created.draftRef, contentHash: created.contentHash, sceneIds: sceneIdsOf(created) };
    await fc.assert(
      fc.asyncProperty(unstorable, async (text) => {
        const c: FuzzCase = { kind: field, args: build(draft, text), expected: { toolError: codes } };
        const before = await tableDigests();
        expectRefused(c, await send(tool, c.args));
        expect(await tableDigests()).toEqual(before);
      }),
      // A wrongly accepted write changes the draft, so shrinking would only blur the first counterexample.
      { numRuns: 60, endOnFailure: true },
    );
    await expectHealthy();
  });
});

/** `{"<key>": … {"<key>": <leaf>} … }` nested `depth` levels, as JSON text: no recursion builds or prints it. */
function nestedJson(depth: number, key: string, leaf = '1'): string {
  const open = key === '[' ? '['.repeat(depth) : `{${JSON.stringify(key)}:`.repeat(depth);
  const close = key === '[' ? ']'.repeat(depth) : '}'.repeat(depth);
  return `${open}${leaf}${close}`;
}

async function sendRaw(body: string, protocolVersion?: string): Promise<Answer> {
  return rpc(server.url, body, { headers: auth, ...(protocolVersion ? { protocolVersion } : {}) });
}

describe('arguments nested 10,000 and 100,000 levels deep', () => {
  const prefs = '"dayCount":1,"rhythm":"balanced","discovery":"blend","atmosphere":"quiet"';
  const places: Array<{ tool: Tool; place: string; args: (deep: string) => string }> = [
    { tool: 'propose_chengdu_itinerary', place: 'an unknown key', args: (deep) => `{${prefs},"idempotencyKey":"deep-1","junk":${deep}}` },
    { tool: 'propose_chengdu_itinerary', place: 'sceneSelection', args: (deep) => `{${prefs},"idempotencyKey":"deep-2","sceneSelection":${deep}}` },
    { tool: 'propose_chengdu_itinerary', place: 'excludedCardIds', args: (deep) => `{${prefs},"idempotencyKey":"deep-3","excludedCardIds":[${deep}]}` },
    {
      tool: 'revise_chengdu_draft',
      place: 'revisionIntent',
      args: (deep) => `{"draftRef":"dr_x","expectedRevision":1,"expectedContentHash":"x","idempotencyKey":"deep-4","revisionIntent":${deep}}`,
    },
    {
      tool: 'confirm_chengdu_draft',
      place: 'confirmation',
      args: (deep) => `{"draftRef":"dr_x","expectedRevision":1,"expectedContentHash":"x","idempotencyKey":"deep-5","confirmation":${deep}}`,
    },
  ];
  const shapes = [
    { depth: 10_000, key: 'a' },
    { depth: 100_000, key: 'a' },
    { depth: 10_000, key: '[' },
    { depth: 100_000, key: '[' },
  ];

  it.each(places)('$tool: $place nested deep is invalid_arguments naming the field, and writes nothing', async ({ tool, place, args }) => {
    for (const { depth, key } of shapes) {
      const before = await tableDigests();
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${tool}","arguments":${args(nestedJson(depth, key))}}}`;
      const answer = await sendRaw(body);
      const context = `${place} ${depth} ${key}: ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 300)}`;
      expect(answer.status, context).toBe(200);
      const error = answer.json.result.structuredContent.error;
      expect(error.code, context).toBe('invalid_arguments');
      expect(error.details.fields[0].field, context).toMatch(/^[a-zA-Z]+/);
      expect(error.correlationId, context).toBe(answer.headers.get('x-request-id'));
      expect(await tableDigests()).toEqual(before);
    }
    await expectHealthy();
  });
});

describe('messages nested 100,000 levels deep outside any arguments', () => {
  const deep = nestedJson(100_000, 'a');
  const init = (capabilities: string) =>
    `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":${capabilities},"clientInfo":{"name":"x","version":"1"}}}`;
  const messages: Array<[string, string]> = [
    ['a tool call _meta', `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"propose_chengdu_itinerary","arguments":{},"_meta":${deep}}}`],
    ['initialize capabilities', init(deep)],
    ['initialize experimental capabilities', init(`{"experimental":{"x":${deep}}}`)],
    ['a tools/list cursor', `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":${deep}}}`],
  ];

  it.each(messages)('%s is an invalid request naming where, never a stack overflow', async (_label, message) => {
    const before = await tableDigests();
    const single = await sendRaw(message);
    expect(single.status).toBe(400);
    expect(single.json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: expect.stringContaining('nests deeper than 64 levels') } });
    const batch = await sendRaw(`[${message},{"jsonrpc":"2.0","id":2,"method":"ping"}]`, '2025-03-26');
    expect(batch.status).toBe(200);
    expect(batch.json[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(batch.json[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await tableDigests()).toEqual(before);
  });
});

describe('batches of planning writes', () => {
  it('answer each generated call as it would be answered alone, and write nothing for refused ones', async () => {
    const arbitraries = toolFuzz.map((t) => fc.oneof(t.malformed(fixtures), t.semantic(fixtures)).map((c) => ({ tool: t.tool, c })));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...arbitraries), { minLength: 2, maxLength: 12 }), async (entries) => {
        const before = await tableDigests();
        const body = entries.map(({ tool, c }, i) => ({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: c.args === undefined ? { name: tool } : { name: tool, arguments: c.args },
        }));
        const answer = await rpc(server.url, body, { headers: auth, protocolVersion: '2025-03-26' });
        expect(answer.status).toBe(200);
        expect(answer.json.map((m: { id: number }) => m.id)).toEqual(entries.map((_, i) => i));
        for (const [i, { c }] of entries.entries()) expectRefused(c, { ...answer, json: answer.json[i] });
        expect(await tableDigests()).toEqual(before);
      }),
      { numRuns: 25 },
    );
    await expectHealthy();
  });

  it("keep a stored write's result beside a call nested 100,000 levels deep", async () => {
    const key = `batch-kept-${Date.now()}`;
    const write = `{"jsonrpc":"2.0","id":"write","method":"tools/call","params":{"name":"propose_chengdu_itinerary","arguments":{"dayCount":1,"rhythm":"full","discovery":"blend","atmosphere":"lively","idempotencyKey":"${key}"}}}`;
    const deep = `{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"propose_chengdu_itinerary","arguments":{"junk":${nestedJson(100_000, 'a')}}}}`;
    const answer = await sendRaw(`[${write},${deep}]`, '2025-03-26');
    expect(answer.status).toBe(200);
    const [stored, refused] = answer.json;
    expect(stored.result.isError).toBeUndefined();
    expect(stored.result.structuredContent.draftRef).toMatch(/^dr_/);
    expect(refused.result.structuredContent.error.code).toBe('invalid_arguments');
    // The stored answer is the one a retry with the key replays.
    const replay = await succeed('propose_chengdu_itinerary', { dayCount: 1, rhythm: 'full', discovery: 'blend', atmosphere: 'lively', idempotencyKey: key });
    expect(replay).toEqual(stored.result.structuredContent);
  });
});
