/**
 * A product's error table, code by code, through every interop client (interop-clients.ts).
 *
 * The suite iterates the table itself, so a code added to the table without a way to produce it
 * is a failing test, not a silent gap. Each code names either a call that produces it against
 * the product's real servers, or why no outside caller can produce it (then the test is listed
 * as skipped with that reason). For every produced code each client must hand its caller
 * `isError` with the code, the table's retryability and a correlation id, in `structuredContent`
 * and in the text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCodeSpec } from '../errors/index.ts';
import { interopClients, type InteropAnswer, type InteropCall, type InteropClient } from './interop-clients.ts';

type ScenarioCall<Context> = (context: Context) => InteropCall | Promise<InteropCall>;

/**
 * A call that produces the code; or why no outside caller can; or a call with the clients that
 * by their own design never send it (`refusedBy`: client name → why), which must then refuse it
 * themselves — so a client that starts sending it fails the test until it is checked too.
 */
export type ErrorScenario<Context> =
  | ScenarioCall<Context>
  | { notBlackBox: string }
  | { call: ScenarioCall<Context>; refusedBy: Readonly<Record<string, string>> };

export interface ErrorInteropOptions<Context, C extends string> {
  product: string;
  table: Readonly<Record<C, ErrorCodeSpec>>;
  scenarios: Readonly<Record<C, ErrorScenario<Context>>>;
  /** Starts the product's servers and prepares the state the scenarios need. */
  start(): Promise<Context>;
  stop(context: Context): Promise<void>;
}

export function describeErrorInterop<Context, C extends string>(options: ErrorInteropOptions<Context, C>): void {
  describe(`${options.product}: every error code of its table reaches every client`, () => {
    let context: Context | undefined;
    let clients: Awaited<ReturnType<typeof interopClients>> | undefined;

    beforeAll(async () => {
      [context, clients] = await Promise.all([options.start(), interopClients()]);
    });
    afterAll(async () => {
      await clients?.close();
      if (context !== undefined) await options.stop(context);
    });

    const scenarios = options.scenarios as Readonly<Record<string, ErrorScenario<Context> | undefined>>;
    for (const [code, spec] of Object.entries<ErrorCodeSpec>(options.table)) {
      const scenario = scenarios[code];
      if (scenario === undefined) {
        it(`${code}: has a scenario or a stated reason`, () => {
          throw new Error(`${code} is in the error table, but no scenario produces it and no reason says why none can`);
        });
      } else if ('notBlackBox' in scenario) {
        it.skip(`${code}: not produced black-box — ${scenario.notBlackBox}`, () => {});
      } else {
        const call = typeof scenario === 'function' ? scenario : scenario.call;
        const refusedBy: Readonly<Record<string, string>> = typeof scenario === 'function' ? {} : scenario.refusedBy;
        const except = Object.keys(refusedBy);
        // Concurrent: most of the time goes to starting the two CLIs, and the calls change nothing.
        it.concurrent(`${code}: each client receives isError with the code${except.length ? ` (${except.join(', ')}: refuses to send the call itself)` : ''}`, async () => {
          const made = await call(context!);
          const answers = await Promise.all(clients!.clients.map(async (client) => [client, await client.call(made)] as const));
          for (const [client, answer] of answers) {
            if (client.name in refusedBy) expect(answer.kind, `${client.name}: ${refusedBy[client.name]}`).toBe('thrown');
            else expectStructuredError(client, answer, code, spec);
          }
        });
      }
    }
  });
}

function expectStructuredError(client: InteropClient, answer: InteropAnswer, code: string, spec: ErrorCodeSpec): void {
  const who = client.name;
  if (answer.kind === 'thrown') throw new Error(`${who} threw instead of returning the tool error ${code}: ${answer.message}`);
  expect(answer.isError, `${who}: isError`).toBe(true);
  const error = answer.structuredContent?.error;
  expect(error, `${who}: structuredContent.error`).toMatchObject({
    code,
    retryable: spec.retryable,
    message: expect.any(String),
    correlationId: expect.any(String),
  });
  expect(answer.text, `${who}: text`).toContain(`Error ${code}: ${error.message}`);
  expect(answer.text, `${who}: text`).toContain(error.correlationId);
}
