/**
 * A Loop's runs at a glance, above its conversation: the last run's state in words and when,
 * who started it and how ("you pressed Run now", "Ada sent a message"), the tally of the recent
 * runs' endings, and each of them in a disclosure. People are "you" or their names, never ids.
 */
import type { RunView } from '../loops/runs.ts';
import { STATE_WORDS } from '../loops/terminal-messages.ts';
import { absoluteWords, relativeWords } from './time-zone.tsx';

const RUN_WORDS: Record<string, string> = { running: 'Running now', ...STATE_WORDS };

export interface RunPeople {
  viewerId: string;
  names: ReadonlyMap<string, string>;
}

function startedBy(run: RunView, people: RunPeople): string {
  const who = run.envelope.andeeId === people.viewerId ? 'you' : (people.names.get(run.envelope.andeeId) ?? 'a member');
  return run.envelope.trigger.kind === 'run_now' ? `${who} pressed Run now` : `${who} sent a message`;
}

function When(props: { at: string; now: Date; zone: string }) {
  const at = new Date(props.at);
  return (
    <time datetime={props.at} title={absoluteWords(at, props.zone)}>
      {relativeWords(at, props.now)}
    </time>
  );
}

export function RunHistory(props: { runs: RunView[]; people: RunPeople; now: Date; zone: string }) {
  const [last] = props.runs;
  if (!last) return <p class="meta">Not run yet.</p>;
  const tally = new Map<string, number>();
  for (const run of props.runs) tally.set(RUN_WORDS[run.state] ?? run.state, (tally.get(RUN_WORDS[run.state] ?? run.state) ?? 0) + 1);
  return (
    <div class="run-history" data-last-run-state={last.state}>
      <p>
        Last run: <span class="state">{RUN_WORDS[last.state] ?? last.state}</span>, <When at={last.startedAt} now={props.now} zone={props.zone} /> (
        {startedBy(last, props.people)}).
      </p>
      <details>
        <summary>
          {props.runs.length === 1 ? 'One run' : `The last ${props.runs.length} runs`}:{' '}
          {[...tally.entries()].map(([words, n]) => `${n} ${words.toLowerCase()}`).join(', ')}
        </summary>
        <ol class="plain">
          {props.runs.map((run) => (
            <li data-history-run={run.runId}>
              <span class="state">{RUN_WORDS[run.state] ?? run.state}</span> <When at={run.startedAt} now={props.now} zone={props.zone} /> —{' '}
              {startedBy(run, props.people)}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
