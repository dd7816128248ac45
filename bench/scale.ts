/**
 * `npm run bench scale` (issue 32): does what an agent or a person does cost the same with many
 * users as with few? Each product is seeded twice through its own schema — a small and a large
 * dataset (bench/lib/*-scale-seed.ts) — and both servers run side by side; every read and write
 * path is called at both sizes in alternating rounds of one request at a time
 * (bench/lib/scale-measure.ts) and reported as large ÷ small of the median latency, target
 * ≤ 1.5× for every path. On the embedded default and on PostgreSQL (BENCH_SCALE_BACKENDS, default
 * `embedded,postgres`).
 *
 * & is called through its real MCP service → API path with an access token (and the hosted
 * runtime's token for identity_read); Chengdu Soul's planning writes through its MCP endpoint
 * with an Agent credential, and its owner page and traveler page as a browser reads them.
 *
 * Sizes (settings): & BENCH_SCALE_PEOPLE_SMALL (100) and BENCH_SCALE_PEOPLE_LARGE (10,000)
 * people, shaped like real use (bench/lib/ampersand-scale-seed.ts); each & call is made as the
 * next of BENCH_SCALE_CALLERS (200) people spread over the population, so consecutive calls read
 * different people's rows, as on a busy server. Chengdu Soul BENCH_SCALE_PAGES_SMALL (10) and
 * BENCH_SCALE_PAGES_LARGE (50,000) saved plans of other accounts beside the owner's 25.
 * BENCH_SCALE_PATHS (comma-separated parts of path names) measures only those paths, seeding only
 * the products they belong to: for a second look at a few.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, toolCall } from './lib/load.ts';
import {
  figureLine,
  measurePath,
  SCALE_CALLS,
  SCALE_ROUNDS,
  SCALE_TARGET,
  type ScaleFigure,
  startSeeded,
  stop,
  tableHeading,
  type Timed,
} from './lib/scale-measure.ts';

const sizes = {
  peopleSmall: Number(process.env.BENCH_SCALE_PEOPLE_SMALL ?? 100),
  peopleLarge: Number(process.env.BENCH_SCALE_PEOPLE_LARGE ?? 10_000),
  pagesSmall: Number(process.env.BENCH_SCALE_PAGES_SMALL ?? 10),
  pagesLarge: Number(process.env.BENCH_SCALE_PAGES_LARGE ?? 50_000),
};
const backends = (process.env.BENCH_SCALE_BACKENDS ?? 'embedded,postgres').split(',').filter(Boolean);
/** Only the paths whose names contain one of these (comma-separated), to look again at a few. */
const onlyPaths = (process.env.BENCH_SCALE_PATHS ?? '').split(',').filter(Boolean);
const measured = (path: string) => onlyPaths.length === 0 || onlyPaths.some((p) => path.includes(p));
/** The & web pages a signed-in person reads, each with what shows it is that page, signed in (`/` sends them to /apps). */
const AMPERSAND_PAGES: Array<[string, string]> = [
  ['/apps', 'Connected apps'],
  ['/review', 'id="pending"'],
  ['/connections', '<h1>Connections</h1>'],
  ['/notifications', 'id="notifications"'],
  ['/questions', '<h1>Questions</h1>'],
  ['/loops', '<h1>Your Loops</h1>'],
  ['/chat', 'Chat with &amp;'],
];
/** The housekeeping sweeps (housekeeping/sweeps.ts), each timed as one operation. */
const SWEEP_KINDS = ['oauthRows', 'interactionApprovals', 'refreshSuccessions', 'unusedClients', 'signInLinks', 'webSessions'];
/** People the calls rotate over on each side (spread over the population). */
const CALLERS = Number(process.env.BENCH_SCALE_CALLERS ?? 200);
/** Matches find_andees shows (identity/profiles.ts FIND_LIMIT); the seed makes at least this many namesakes of each name asked. */
const FIND_SHOWN = 5;

const AMPERSAND_PATHS = [
  'ask_question, two participants',
  'andee_read, a connection by tag',
  'find_andees, full name',
  'find_andees, first name',
  'find_andees, common name + common constraint',
  'find_andees, rare constraint',
  'find_andees, constraint no namesake meets',
  'connections_read',
  'questions_list',
  'loop_read',
  'identity_read, page 1',
  'identity_read, page 40',
  'sign-in (link page, then its form)',
  ...AMPERSAND_PAGES.map(([path]) => `web page ${path}`),
  ...SWEEP_KINDS.map((kind) => `sweep ${kind}`),
];
const CHENGDU_PATHS = [
  'owner page / (saved plans, drafts)',
  'traveler page /p/<token>',
  'propose_chengdu_itinerary',
  'revise_chengdu_draft',
  'confirm_chengdu_draft',
];

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

/** One MCP tool call; throws unless it is a 200 whose result is not an error and passes `check`. */
async function callTool(url: string, token: string, tool: string, args: unknown, check: (result: any) => boolean = () => true): Promise<any> {
  const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: toolCall(tool, args) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${tool}: HTTP ${response.status} ${body.slice(0, 300)}`);
  const result = JSON.parse(body).result;
  if (!result || result.isError || !check(result.structuredContent)) throw new Error(`${tool}: not the expected answer: ${body.slice(0, 500)}`);
  return result.structuredContent;
}

async function getPage(url: string, cookie: string | undefined, expect: string): Promise<void> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(expect))
    throw new Error(`GET ${url}: HTTP ${response.status}, ${expect} ${body.includes(expect) ? 'found' : 'missing'}`);
}

interface AmpersandCaller {
  /** Row number: tag `p<i>`, id `scale-<i>`, Loop `<loopId>-<i>`. */
  i: number;
  token: string;
  runtime: string;
  cookie: string;
  csrf: string;
}

interface AmpersandReady {
  url: string;
  people: number;
  callers: AmpersandCaller[];
  links: string[];
  runtime: string;
  loopId: string;
  seedSeconds: number;
}

/** Sign-in links a side needs: one per call, warm-up and check included, with room to spare. */
const SIGN_INS_NEEDED = 2 + Math.max(5, Math.ceil(SCALE_CALLS / 2)) + SCALE_ROUNDS * SCALE_CALLS + 10;

async function ampersandSide(people: number, postgres: boolean) {
  const secret = randomBytes(32).toString('base64url');
  const mcpUrl = 'http://127.0.0.1:1/mcp';
  const env = {
    BENCH_AMPERSAND_SECRET: secret,
    BENCH_AMPERSAND_MCP_URL: mcpUrl,
    BENCH_SCALE_PEOPLE: String(people),
    BENCH_SCALE_POSTGRES: postgres ? '1' : '0',
    BENCH_SCALE_CALLERS: String(CALLERS),
    BENCH_SCALE_SIGN_INS: String(measured('sign-in') ? SIGN_INS_NEEDED : 0),
  };
  const api = await startSeeded<AmpersandReady>('ampersand-api-scale', env);
  try {
    // The MCP service prints `LISTENING <url>`; startSeeded wants READY, so it is read by hand.
    const mcp = await startMcp({ ...env, BENCH_AMPERSAND_API_URL: api.ready.url });
    return { ...api.ready, mcpUrl: mcp.url, children: [mcp.child, api.child] };
  } catch (error) {
    await stop(api.child);
    throw error;
  }
}

async function startMcp(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, fileURLToPath(new URL('dist/ampersand-mcp.mjs', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffer);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`ampersand-mcp exited with ${code}`)));
  });
  return { url, child };
}

type AmpersandSide = Awaited<ReturnType<typeof ampersandSide>>;

/** Every matched name starts with this first name, and as many are shown as find_andees shows. */
const namesakes = (first: string) => (r: any) =>
  r.result === 'disambiguation' && r.matches.length === FIND_SHOWN && r.matches.every((m: any) => m.name.startsWith(`${first} `));

/**
 * & paths: what an agent calls with a public grant, the hosted runtime's identity_read, the web
 * pages and sign-in a person uses, and each housekeeping sweep. Each call is made as the next of
 * the side's callers in turn, so consecutive calls read different people's rows.
 */
async function ampersandPaths(side: AmpersandSide): Promise<Array<[string, Timed]>> {
  let turn = 0;
  const next = () => side.callers[turn++ % side.callers.length]!;
  const tag = (i: number) => `&p${i % side.people}`;
  const call =
    (
      tool: string,
      args: (c: AmpersandCaller) => unknown,
      check?: (r: any, c: AmpersandCaller) => boolean,
      credential: (c: AmpersandCaller) => string = (c) => c.token,
    ) =>
    () => {
      const caller = next();
      return callTool(side.mcpUrl, credential(caller), tool, args(caller), check && ((r) => check(r, caller))).then(() => undefined);
    };
  // identity_read's page 40: walk the pages once (untimed) for the cursor, as a runtime would.
  let page = await callTool(side.mcpUrl, side.runtime, 'identity_read', { limit: 50 });
  const snapshotAt = page.snapshotAt;
  for (let n = 2; n < 40; n++) page = await callTool(side.mcpUrl, side.runtime, 'identity_read', { limit: 50, snapshotAt, cursor: page.nextCursor });
  const page40 = { limit: 50, snapshotAt, cursor: page.nextCursor };
  let link = 0;
  const signIn = async () => {
    const token = side.links[link++];
    if (!token) throw new Error('no sign-in link left');
    await getPage(`${side.url}/sign-in/link/${token}`, undefined, 'Sign in as &');
    const response = await fetch(`${side.url}/sign-in/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: side.url },
      body: new URLSearchParams({ token, next: '/' }),
    });
    await response.arrayBuffer();
    if (response.status !== 303 || !(response.headers.get('set-cookie') ?? '').includes('amp_session='))
      throw new Error(`sign-in: HTTP ${response.status}, no session cookie`);
  };
  const sweep = (kind: string): Timed => ({
    prepare: () => post(`${side.url}/bench/sweep/${kind}/prepare`).then(() => undefined),
    call: async () => {
      const { removed } = await post(`${side.url}/bench/sweep/${kind}`);
      if (!(removed > 0)) throw new Error(`sweep ${kind} removed nothing`);
    },
  });
  return [
    [
      'ask_question, two participants',
      call(
        'ask_question',
        (c) => ({ question: 'What do they like to do?', participants: [tag(c.i + 1), tag(c.i + 2)] }),
        (r) => r.basedOnFacts > 0,
      ),
    ],
    [
      'andee_read, a connection by tag',
      call(
        'andee_read',
        (c) => ({ tag: tag(c.i + 3) }),
        (r, c) => r.profile?.tag === tag(c.i + 3),
      ),
    ],
    [
      'find_andees, full name',
      call(
        'find_andees',
        () => ({ name: 'Ada Lovelace' }),
        (r) => r.result === 'match' && r.matches[0].tag === '&lovelace',
      ),
    ],
    ['find_andees, first name', call('find_andees', () => ({ name: 'Ada' }), namesakes('Ada'))],
    ['find_andees, common name + common constraint', call('find_andees', () => ({ name: 'Maria', constraints: ['jazz'] }), namesakes('Maria'))],
    [
      'find_andees, rare constraint',
      call(
        'find_andees',
        () => ({ name: 'Ada', constraints: ['cello'] }),
        (r) => r.result === 'match' && r.matches[0].tag === '&cellist',
      ),
    ],
    [
      'find_andees, constraint no namesake meets',
      call(
        'find_andees',
        () => ({ name: 'Ada', constraints: ['theremin'] }),
        (r) => r.result === 'no_match',
      ),
    ],
    [
      'connections_read',
      call(
        'connections_read',
        () => ({ limit: 10 }),
        (r) => r.active.length === 10,
      ),
    ],
    [
      'questions_list',
      call(
        'questions_list',
        () => ({}),
        (r) => r.questions.length >= 2,
      ),
    ],
    [
      'loop_read',
      call(
        'loop_read',
        (c) => ({ loopId: `${side.loopId}-${c.i}` }),
        (r, c) => r.loop?.loopId === `${side.loopId}-${c.i}`,
      ),
    ],
    [
      'identity_read, page 1',
      call(
        'identity_read',
        () => ({ limit: 50 }),
        (r) => r.facts.length === 50,
        (c) => c.runtime,
      ),
    ],
    [
      'identity_read, page 40',
      call(
        'identity_read',
        () => page40,
        (r) => r.facts.length === 50,
        () => side.runtime,
      ),
    ],
    ['sign-in (link page, then its form)', signIn],
    ...AMPERSAND_PAGES.map(([path, expect]): [string, Timed] => [`web page ${path}`, () => getPage(`${side.url}${path}`, next().cookie, expect)]),
    ...SWEEP_KINDS.map((kind): [string, Timed] => [`sweep ${kind}`, sweep(kind)]),
  ];
}

async function post(url: string): Promise<any> {
  const response = await fetch(url, { method: 'POST' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url}: HTTP ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

interface ChengduReady {
  url: string;
  token: string;
  session: string;
  pageToken: string;
  seedSeconds: number;
}

/**
 * Chengdu Soul paths. A revision and a confirmation each need a draft of their own: it is
 * proposed before the call, untimed.
 */
function chengduPaths(side: ChengduReady): Array<[string, Timed]> {
  const run = randomBytes(4).toString('hex');
  let n = 0;
  let draft: any;
  const key = () => `scale-${run}-${n++}`;
  const propose = async () =>
    callTool(side.url, side.token, 'propose_chengdu_itinerary', {
      dayCount: 2,
      rhythm: 'balanced',
      discovery: 'blend',
      atmosphere: 'quiet',
      idempotencyKey: key(),
    });
  const pointer = (d: any) => ({ draftRef: d.draftRef, expectedRevision: d.revision, expectedContentHash: d.contentHash, idempotencyKey: key() });
  const prepare = async () => {
    draft = await propose();
  };
  return [
    ['owner page / (saved plans, drafts)', () => getPage(`${side.url}/`, `chengdu_session=${side.session}`, 'Older saved plans')],
    ['traveler page /p/<token>', () => getPage(`${side.url}/p/${side.pageToken}`, undefined, 'Day 1')],
    ['propose_chengdu_itinerary', () => propose().then(() => undefined)],
    [
      'revise_chengdu_draft',
      {
        prepare,
        call: async () => {
          await callTool(side.url, side.token, 'revise_chengdu_draft', {
            ...pointer(draft),
            revisionIntent: { type: 'exclude_card', cardId: draft.days[0].scenes[0].cardId },
          });
        },
      },
    ],
    [
      'confirm_chengdu_draft',
      {
        prepare,
        call: async () => {
          await callTool(
            side.url,
            side.token,
            'confirm_chengdu_draft',
            { ...pointer(draft), confirmation: { action: 'publish' } },
            (r) => typeof r.publication?.pageUrl === 'string',
          );
        },
      },
    ],
  ];
}

async function measureAll(heading: string, pairs: Array<[string, Timed, Timed]>): Promise<ScaleFigure[]> {
  console.log(`\n${heading}`);
  console.log(tableHeading());
  const figures: ScaleFigure[] = [];
  for (const [path, small, large] of pairs) {
    // The lists above decide whether a product is seeded at all, so they must name every path.
    if (![...AMPERSAND_PATHS, ...CHENGDU_PATHS].includes(path)) throw new Error(`bench/scale.ts: ${path} is in no list of paths`);
    if (!measured(path)) continue;
    const figure = await measurePath(path, small, large);
    console.log(figureLine(figure));
    figures.push(figure);
  }
  return figures;
}

function zip(small: Array<[string, Timed]>, large: Array<[string, Timed]>): Array<[string, Timed, Timed]> {
  return small.map(([path, call], i) => [path, call, large[i]![1]]);
}

/** Both sizes seeded side by side; when one fails, the other is stopped before the error goes on. */
async function both<T>(small: () => Promise<T>, large: () => Promise<T>, stopSide: (side: T) => Promise<unknown>): Promise<[T, T]> {
  const settled = await Promise.allSettled([small(), large()]);
  const failed = settled.find((s) => s.status === 'rejected');
  if (!failed) return settled.map((s) => (s as PromiseFulfilledResult<T>).value) as [T, T];
  for (const s of settled) if (s.status === 'fulfilled') await stopSide(s.value);
  throw (failed as PromiseRejectedResult).reason;
}

/** Returns the targets missed (empty when all are met). */
export async function benchScale(): Promise<string[]> {
  console.log(
    `\nScale: large ÷ small median latency, one request at a time, ${SCALE_ROUNDS} alternating rounds of ${SCALE_CALLS} calls per side after a warm-up; node ${process.version}`,
  );
  const figures: Array<ScaleFigure & { backend: string }> = [];
  for (const backend of backends) {
    const postgres = backend === 'postgres';
    if (AMPERSAND_PATHS.some(measured)) await benchAmpersandAt(backend, postgres, figures);
    if (CHENGDU_PATHS.some(measured)) await benchChengduAt(backend, postgres, figures);
  }
  return figures
    .filter((f) => f.ratio > SCALE_TARGET || f.failures > 0)
    .map(
      (f) => `${f.path} on ${f.backend}: ${f.failures > 0 ? `${f.failures} failed calls` : `${f.ratio.toFixed(2)}× large ÷ small (target ≤ ${SCALE_TARGET}×)`}`,
    );
}

type Figures = Array<ScaleFigure & { backend: string }>;

async function benchAmpersandAt(backend: string, postgres: boolean, figures: Figures): Promise<void> {
  const [small, large] = await both(
    () => ampersandSide(sizes.peopleSmall, postgres),
    () => ampersandSide(sizes.peopleLarge, postgres),
    (side) => Promise.all(side.children.map(stop)),
  );
  try {
    const heading = `& on ${backend}: ${sizes.peopleSmall} vs ${sizes.peopleLarge} people (real-shaped: bench/lib/ampersand-scale-seed.ts), seeded in ${small.seedSeconds.toFixed(0)} s and ${large.seedSeconds.toFixed(0)} s; calls rotate over ${Math.min(CALLERS, sizes.peopleSmall - 1)} and ${Math.min(CALLERS, sizes.peopleLarge - 1)} callers; through MCP → API, the web app and the sweeps`;
    for (const f of await measureAll(heading, zip(await ampersandPaths(small), await ampersandPaths(large)))) figures.push({ ...f, backend });
  } finally {
    for (const child of [...small.children, ...large.children]) await stop(child);
  }
}

async function benchChengduAt(backend: string, postgres: boolean, figures: Figures): Promise<void> {
  const env = (pages: number) => ({ BENCH_SCALE_PAGES: String(pages), BENCH_SCALE_POSTGRES: postgres ? '1' : '0' });
  const [cs, cl] = await both(
    () => startSeeded<ChengduReady>('chengdu-soul-scale', env(sizes.pagesSmall)),
    () => startSeeded<ChengduReady>('chengdu-soul-scale', env(sizes.pagesLarge)),
    (side) => stop(side.child),
  );
  try {
    const heading = `Chengdu Soul on ${backend}: ${sizes.pagesSmall} vs ${sizes.pagesLarge} saved plans of other accounts beside the owner's 25, seeded in ${cs.ready.seedSeconds.toFixed(0)} s and ${cl.ready.seedSeconds.toFixed(0)} s`;
    for (const f of await measureAll(heading, zip(chengduPaths(cs.ready), chengduPaths(cl.ready)))) figures.push({ ...f, backend });
  } finally {
    await stop(cs.child);
    await stop(cl.child);
  }
}
