/**
 * Ends runs past their deadline as timed out, with the last stage they reached — even when the
 * worker that ran them died. Runs on an interval in every API process; `endRun` makes the ending
 * happen once however many processes sweep at the same moment.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { endRun, runningRunsPast } from './runs.ts';

export async function sweepExpiredRuns(db: Kysely<AmpersandDatabase>, now: Date): Promise<number> {
  let ended = 0;
  for (const run of await runningRunsPast(db, now)) {
    if (await endRun(db, run.runId, { state: 'timed_out', deadline: run.deadline.toISOString(), lastStage: run.stage }, now)) ended++;
  }
  return ended;
}
