/**
 * MCP clients nobody here wrote, driven from tests against a real server on loopback: the SDK
 * 1.x `Client` (behind most desktop hosts and `mcp-remote`), the SDK v2 client, and the
 * Inspector CLI 1.x and 2.x, each run as its own process exactly as a person would run it.
 * Every client answers a tool call with what its caller gets to see: the result, or the
 * exception the client raised instead (a validation failure included), so a test can assert
 * that a structured error survives each client's own checks.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectClient } from './mcp-client.ts';

export interface InteropCall {
  /** The server's base URL; the call goes to `<url>/mcp`. */
  url: string;
  name: string;
  arguments: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** What the client handed its caller: a tool result, or the error it threw instead. */
export type InteropAnswer =
  | { kind: 'result'; isError: boolean; structuredContent: Record<string, any> | undefined; text: string }
  | { kind: 'thrown'; message: string };

export interface InteropClient {
  readonly name: string;
  call(call: InteropCall): Promise<InteropAnswer>;
}

const require = createRequire(import.meta.url);
const INSPECTOR_V1_DIR = join(dirname(require.resolve('inspector-cli-v1/package.json')), 'build');
/** Inspector 2.x needs Node 22 or later, so it is installed apart from the workspace (tools/inspector-v2, by the root postinstall). */
const INSPECTOR_V2_PACKAGE = createRequire(new URL('../../../../tools/inspector-v2/package.json', import.meta.url)).resolve(
  '@modelcontextprotocol/inspector/package.json',
);
const INSPECTOR_V2_BIN = join(dirname(INSPECTOR_V2_PACKAGE), 'clients', 'launcher', 'build', 'index.js');
/** A CLI that has not answered by then is hung, which the test reports rather than waits out. */
const CLI_TIMEOUT_MS = 45_000;

interface ToolResultLike {
  isError?: unknown;
  structuredContent?: unknown;
  content?: unknown;
}

function resultAnswer(result: ToolResultLike): InteropAnswer {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  return {
    kind: 'result',
    isError: result.isError === true,
    structuredContent: result.structuredContent as Record<string, any> | undefined,
    text: content
      .filter((c) => c.type === 'text')
      .map((c) => c.text ?? '')
      .join('\n'),
  };
}

/** The error's message with its causes ("fetch failed" alone names none). */
function thrown(error: unknown): InteropAnswer {
  const messages: string[] = [];
  for (let cause: unknown = error; cause !== undefined && messages.length < 4; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    messages.push(cause instanceof Error ? `${cause.message}${typeof code === 'string' ? ` (${code})` : ''}` : String(cause));
  }
  return { kind: 'thrown', message: messages.join(' ← ') };
}

/**
 * Connects, lists tools as hosts do at start (that arms the client's output validation), makes
 * the one call and closes: a connection kept idle between calls would race the server's
 * keep-alive timeout on a loaded machine.
 */
async function oneCall<C extends { listTools(): Promise<unknown>; close(): Promise<void> }>(
  connect: () => Promise<C>,
  call: (client: C) => Promise<unknown>,
): Promise<InteropAnswer> {
  let client: C | undefined;
  try {
    client = await connect();
    await client.listTools();
    return resultAnswer((await call(client)) as ToolResultLike);
  } catch (error) {
    return thrown(error);
  } finally {
    await client?.close().catch(() => {});
  }
}

function sdkV1Client(): InteropClient {
  return {
    name: '@modelcontextprotocol/sdk 1.x Client',
    call: (call) =>
      oneCall(
        async () => {
          const client = new ClientV1({ name: 'interop-sdk-1', version: '1.0.0' });
          await client.connect(new TransportV1(new URL('/mcp', call.url), { requestInit: { headers: call.headers ?? {} } }));
          return client;
        },
        (client) => client.callTool({ name: call.name, arguments: call.arguments }),
      ),
  };
}

function sdkV2Client(): InteropClient {
  return {
    name: '@modelcontextprotocol/client 2.x',
    call: (call) =>
      oneCall(
        () => connectClient(call.url, call.headers ?? {}),
        (client) => client.callTool({ name: call.name, arguments: call.arguments }),
      ),
  };
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { cwd: options.cwd, env: options.env, timeout: CLI_TIMEOUT_MS, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The result JSON a CLI printed, or what it said instead. `errorExit` is the status a CLI uses
 * for an isError result (Inspector 2.x: 5); it must agree with the printed result.
 */
function cliAnswer(outcome: CliRun, errorExit?: number): InteropAnswer {
  const expectedCodes = errorExit === undefined ? [0] : [0, errorExit];
  if (!expectedCodes.includes(outcome.code)) {
    return { kind: 'thrown', message: `exit ${outcome.code}: ${(outcome.stderr || outcome.stdout).trim().slice(0, 2000)}` };
  }
  let answer: InteropAnswer;
  try {
    answer = resultAnswer(JSON.parse(outcome.stdout));
  } catch {
    return { kind: 'thrown', message: `unreadable output (exit ${outcome.code}): ${outcome.stdout.slice(0, 500)} ${outcome.stderr.slice(0, 500)}` };
  }
  if (errorExit !== undefined && answer.kind === 'result' && answer.isError !== (outcome.code === errorExit)) {
    return { kind: 'thrown', message: `exit ${outcome.code} disagrees with the printed result (isError ${answer.isError})` };
  }
  return answer;
}

function headerArgs(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]);
}

/**
 * Inspector CLI 1.x (`@modelcontextprotocol/inspector-cli`): arguments as `--tool-arg key=value`,
 * each value JSON-encoded so the CLI's JSON-first parsing gives back exactly the value; exit 0
 * whatever the result. It finds its own package.json relative to the working directory, so it
 * runs from its build folder.
 */
function inspectorV1(env: () => NodeJS.ProcessEnv): InteropClient {
  return {
    name: 'Inspector CLI 1.x',
    async call(call) {
      const args = [
        `${call.url}/mcp`,
        '--method',
        'tools/call',
        '--tool-name',
        call.name,
        ...Object.entries(call.arguments).flatMap(([key, value]) => ['--tool-arg', `${key}=${JSON.stringify(value)}`]),
        ...headerArgs(call.headers),
      ];
      return cliAnswer(await run(join(INSPECTOR_V1_DIR, 'index.js'), args, { cwd: INSPECTOR_V1_DIR, env: env() }));
    },
  };
}

/** Inspector 2.x in CLI mode: arguments as one JSON object; exit 5 when the tool answered isError. */
function inspectorV2(env: () => NodeJS.ProcessEnv): InteropClient {
  return {
    name: 'Inspector CLI 2.x',
    async call(call) {
      const args = [
        '--cli',
        `${call.url}/mcp`,
        '--method',
        'tools/call',
        '--tool-name',
        call.name,
        '--tool-args-json',
        JSON.stringify(call.arguments),
        ...headerArgs(call.headers),
      ];
      return cliAnswer(await run(INSPECTOR_V2_BIN, args, { env: env() }), 5);
    },
  };
}

/**
 * The four clients. The CLIs run with a throw-away HOME, since Inspector 2.x keeps state under
 * `~/.mcp-inspector`; `close()` removes it.
 */
export async function interopClients(): Promise<{ clients: InteropClient[]; close(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'interop-home-'));
  const env = () => ({ ...process.env, HOME: home, NO_COLOR: '1' });
  const clients = [sdkV1Client(), sdkV2Client(), inspectorV1(env), inspectorV2(env)];
  return {
    clients,
    async close() {
      await rm(home, { recursive: true, force: true });
    },
  };
}
