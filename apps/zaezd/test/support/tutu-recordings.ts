/**
 * The live Tutu server's recorded answers and `tools/list` (tutu-mcp-server 0.38.0), read where
 * they live — outside the repository, beside it in `shared/reference/tutu-recorded/` — never
 * copied in. `TUTU_RECORDED_DIR` names the folder outright; otherwise the first
 * `<ancestor>/shared/reference/tutu-recorded` above the repository root is used, which finds
 * CI's copy of shared/ beside its fresh clone wherever that clone lives, and a developer's beside
 * the integration repository. Missing recordings skip the suites that need them, with a note —
 * except under CI, where they must be there and their absence fails the run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const RELATIVE = join('shared', 'reference', 'tutu-recorded');

export interface Recording {
  tool: string;
  scenario: string;
  arguments: Record<string, unknown>;
  result: { text: string; is_error: boolean };
}

export interface RecordedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

function locate(): string | undefined {
  const named = process.env.TUTU_RECORDED_DIR;
  if (named) return existsSync(join(named, '_meta', 'tools_list.json')) ? resolve(named) : undefined;
  for (let dir = dirname(REPOSITORY_ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(join(candidate, '_meta', 'tools_list.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export const RECORDINGS_DIR = locate();

/**
 * Whether the suites that need the recordings can run. Under CI their absence is an error
 * (thrown at collection time), so a green run always includes them.
 */
export function recordingsAvailable(): boolean {
  if (RECORDINGS_DIR) return true;
  const note = `Tutu recordings not found (set TUTU_RECORDED_DIR or place shared/reference/tutu-recorded beside the repository, above ${REPOSITORY_ROOT})`;
  if (process.env.CI) throw new Error(`${note}: required in CI.`);
  console.warn(`${note}; the suites that read them are skipped.`);
  return false;
}

function dir(): string {
  if (!RECORDINGS_DIR) throw new Error('Tutu recordings are not available');
  return RECORDINGS_DIR;
}

export function recordedTools(): RecordedTool[] {
  return JSON.parse(readFileSync(join(dir(), '_meta', 'tools_list.json'), 'utf8')) as RecordedTool[];
}

export function recording(tool: string, scenario: string): Recording {
  return JSON.parse(readFileSync(join(dir(), tool, `${scenario}.json`), 'utf8')) as Recording;
}

export function recordingsOf(tool: string): Recording[] {
  return readdirSync(join(dir(), tool))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir(), tool, f), 'utf8')) as Recording);
}

/** The parsed JSON of a recorded answer that was not an error. */
export function answerOf(record: Recording): unknown {
  if (record.result.is_error) throw new Error(`${record.tool}/${record.scenario} is an error answer`);
  return JSON.parse(record.result.text);
}
