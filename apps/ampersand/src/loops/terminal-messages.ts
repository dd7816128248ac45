/**
 * What the person sees when a run ends: one plain-words chat message per terminal state, with
 * the safe next step (spec "Required terminal states"). Never a spinner, never nothing.
 */
import type { TerminalState } from '../store/loop-tables.ts';

export type TerminalDetails =
  | { state: 'completed'; result: string; outcomeEvidence: { itemIds: string[]; effects: string[] } }
  | { state: 'refused'; reason: string; unmetContract: string }
  | { state: 'failed'; errorClass: string; correlationId: string }
  | { state: 'timed_out'; deadline: string; lastStage: string }
  | { state: 'cancelled'; actor: string; at: string };

export const STATE_WORDS: Record<TerminalState, string> = {
  completed: 'Done',
  refused: 'Not run',
  failed: 'Failed',
  timed_out: 'Timed out',
  cancelled: 'Cancelled',
};

/**
 * Who ends a refused run decides how it reads: the skill itself declining after it looked (its
 * own `run_outcome`, e.g. "evidence too thin") is the skill's answer; anything else refused
 * before the skill ran ("Not run").
 */
export const SKILL_DECLINED = 'skill_outcome';

/** The label over a run's ending message: a skill's own refusal (the agent speaking, runs.ts) is "Declined", not "Not run". */
export function stateLabel(state: TerminalState, role: 'andee' | 'agent' | 'system'): string {
  return state === 'refused' && role === 'agent' ? 'Declined' : STATE_WORDS[state];
}

/** A chat message without a model asked about someone the andee cannot see by that name or &tag. */
export const NOT_VISIBLE_BY_NAME = 'person_not_visible';

/** Refusals whose reason already says what happens next, and that no "press Run now again" would change. */
const SELF_EXPLAINED = new Set(['pinned_skill', 'model_provider', 'one_run_at_a_time', NOT_VISIBLE_BY_NAME]);

/**
 * The ending in plain words. In plain agent chat (no Loop, nothing saved in one, no Run now
 * button) the safe next step is to send the message again.
 */
export function terminalMessage(details: TerminalDetails, where: 'loop' | 'chat' = 'loop'): string {
  if (where === 'chat') return chatMessage(details);
  switch (details.state) {
    case 'completed': {
      const changed = details.outcomeEvidence.itemIds.length
        ? `What changed: ${details.outcomeEvidence.itemIds.length} item${details.outcomeEvidence.itemIds.length === 1 ? '' : 's'} saved in this Loop.`
        : 'Nothing new was saved in this Loop this time.';
      return `${details.result}\n\n${changed}`;
    }
    case 'refused':
      if (details.unmetContract === SKILL_DECLINED) return `The skill looked and declined: ${details.reason} Nothing was saved.`;
      if (SELF_EXPLAINED.has(details.unmetContract)) return `This run did not go ahead: ${details.reason} Nothing was changed.`;
      return `This run did not go ahead: ${details.reason} Nothing was changed. Once that is fixed, press Run now again.`;
    case 'failed':
      return `This run failed (${details.errorClass.replaceAll('_', ' ')}) and stopped. Anything saved before the failure stays. You can press Run now to try again; if it keeps failing, quote reference ${details.correlationId}.`;
    case 'timed_out':
      return `This run ran out of time (deadline ${details.deadline}) while ${details.lastStage.replaceAll('_', ' ')}, and has stopped. Anything already saved stays. Press Run now to try again.`;
    case 'cancelled':
      return `Stopped: ${details.actor} cancelled this run at ${details.at}. Anything already saved stays; press Run now to start again.`;
  }
}

function chatMessage(details: TerminalDetails): string {
  switch (details.state) {
    case 'completed':
      return details.result;
    case 'refused':
      if (details.unmetContract === SKILL_DECLINED || SELF_EXPLAINED.has(details.unmetContract)) return details.reason;
      return `This turn did not go ahead: ${details.reason} Nothing was changed. Once that is fixed, send your message again.`;
    case 'failed':
      return `This turn failed (${details.errorClass.replaceAll('_', ' ')}) and stopped. Send your message again to retry; if it keeps failing, quote reference ${details.correlationId}.`;
    case 'timed_out':
      return `This turn ran out of time (deadline ${details.deadline}) while ${details.lastStage.replaceAll('_', ' ')}, and has stopped. Send your message again to retry.`;
    case 'cancelled':
      return `Stopped: ${details.actor} cancelled this turn at ${details.at}. Send a message to start again.`;
  }
}
