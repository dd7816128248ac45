/**
 * A canonical conversation as the person reads it — a Loop's or their plain agent chat's: a
 * bubble per message with who said it ("You"; an external runtime by its app's name; "&" for &
 * itself) and when, in relative words. A run's ending says its state in words ("Couldn't
 * answer: …", "Stopped: …"); an answer needs no label. Ids stay off the screen: each bubble's run and correlation id are on the element
 * (so a request can be followed to what the person sees) and in a "Details" disclosure. The newest
 * message carries the `newest` anchor, where Send lands, so a phone shows it without scrolling.
 */
import type { ConversationPage, MessageView } from '../loops/conversation.ts';
import type { TerminalState } from '../store/loop-tables.ts';
import { stateLabel } from '../loops/terminal-messages.ts';
import { OlderLink } from './older-link.tsx';
import { absoluteWords, relativeWords } from './time-zone.tsx';

/** Where the conversation is read: plain chat answers need no label; a Loop's run endings keep theirs ("Done", "Declined"). */
export type ConversationKind = 'chat' | 'loop';

/** The words a chat reply in each ending state starts with; an answer (completed) has none. */
const CHAT_REPLY_STATE: Record<Exclude<TerminalState, 'completed'>, string> = {
  refused: 'Couldn’t answer',
  failed: 'Couldn’t answer',
  timed_out: 'Ran out of time',
  cancelled: 'Stopped',
};

function replyState(m: MessageView, kind: ConversationKind): string | undefined {
  if (!m.terminalState) return undefined;
  if (kind === 'loop') return stateLabel(m.terminalState, m.role);
  return m.terminalState === 'completed' ? undefined : CHAT_REPLY_STATE[m.terminalState];
}

export interface ConversationClock {
  now: Date;
  zone: string;
}

/** Who a message is from: "You" for the viewer's own, a member's name in a shared Loop, a runtime's name or "&" for a reply. */
export type SpeakerOf = (m: MessageView) => string;

/** Who answered: the external runtime that wrote the reply, by name (web/runtime-speakers.ts), or & itself. */
export function replySpeaker(runtimeNames: ReadonlyMap<string, string>, m: MessageView): string {
  return runtimeNames.get(m.messageId) ?? '&';
}

/** The speakers of the andee's own chat: "You", and whoever answered. */
export function chatSpeakers(runtimeNames: ReadonlyMap<string, string>): SpeakerOf {
  return (m) => (m.role === 'andee' ? 'You' : replySpeaker(runtimeNames, m));
}

const CHAT_SPEAKER = chatSpeakers(new Map());

export function ConversationList(props: { messages: MessageView[]; kind: ConversationKind; clock: ConversationClock; speakerOf?: SpeakerOf | undefined }) {
  const speakerOf = props.speakerOf ?? CHAT_SPEAKER;
  const last = props.messages.at(-1)?.messageId;
  return (
    // Bubbles show no numbers (list-style none), but the list keeps its place in the whole conversation
    // (`start`), so an assistive technology counts an earlier page's messages from where they stand.
    <ol class="conversation" start={props.messages[0]?.seq} aria-label="Conversation">
      {props.messages.map((m) => {
        const speaker = speakerOf(m);
        const mine = m.role === 'andee' && speaker === 'You';
        const state = replyState(m, props.kind);
        const lines = m.body.split('\n').filter(Boolean);
        const at = new Date(m.createdAt);
        return (
          <li
            class={mine ? 'bubble mine' : 'bubble'}
            id={m.messageId === last ? 'newest' : undefined}
            data-message-id={m.messageId}
            data-run-id={m.runId ?? ''}
            data-terminal-state={m.terminalState ?? ''}
            data-correlation-id={m.correlationId ?? ''}
          >
            <p class="speaker">
              <strong>{speaker}</strong>{' '}
              <time datetime={m.createdAt} title={absoluteWords(at, props.clock.zone)}>
                {relativeWords(at, props.clock.now)}
              </time>
            </p>
            {state ? (
              <p class="reply-state">
                <strong>{state}</strong>
                {props.kind === 'chat' && lines.length ? `: ${lines[0]}` : ''}
              </p>
            ) : null}
            {(state && props.kind === 'chat' ? lines.slice(1) : lines).map((line) => (
              <p>{line}</p>
            ))}
            {m.correlationId || m.runId ? (
              <details class="ids">
                <summary>Details</summary>
                <p class="meta">
                  {m.runId ? `Run ${m.runId}` : null}
                  {m.runId && m.correlationId ? ' · ' : null}
                  {m.correlationId ? `Reference ${m.correlationId}` : null}
                </p>
              </details>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A reply still being worked on: "Thinking…" from &, with Cancel, in the conversation's own place. */
export function ThinkingBubble(props: { cancelAction: string; csrf: string; runId: string; correlationId: string; deadline: string }) {
  return (
    <div class="bubble thinking" data-run-id={props.runId} data-correlation-id={props.correlationId}>
      <p class="speaker">
        <strong>&</strong>
      </p>
      <p class="reply-state" role="status">
        <strong>Thinking…</strong> (it ends by {props.deadline.slice(11, 16)} UTC at the latest). Refresh to see the answer.
      </p>
      {/* A form, not a link: a link to the address already shown (/chat#newest) only scrolls, and would never fetch the answer. */}
      <form method="get" action="/chat#newest">
        <button type="submit">Refresh</button>
      </form>
      <form method="post" action={props.cancelAction}>
        <input type="hidden" name="csrf" value={props.csrf} />
        <button type="submit">Cancel</button>
      </form>
    </div>
  );
}

/**
 * A page of a conversation on `path`: above it the link to the messages before it (absent at the
 * conversation's start), and on an earlier page the way back to the newest, each landing at
 * `anchor`.
 */
export function PagedConversation(props: {
  page: ConversationPage;
  path: string;
  anchor: string;
  kind: ConversationKind;
  clock: ConversationClock;
  speakerOf?: SpeakerOf | undefined;
}) {
  const { page } = props;
  return (
    <>
      <OlderLink path={props.path} param="before" next={page.earlier?.toString()} anchor={props.anchor} label="Earlier messages" />
      {page.messages.length === 0 ? <p>No messages yet.</p> : null}
      <ConversationList messages={page.messages} kind={props.kind} clock={props.clock} speakerOf={props.speakerOf} />
      {page.newest ? null : (
        <p class="older">
          <a href={`${props.path}#newest`}>Back to the newest messages</a>
        </p>
      )}
    </>
  );
}

/**
 * The `before` of a conversation page's address: a message number, or undefined (the newest
 * page) for anything else, as a list cursor that is not one reads as the first page.
 */
export function beforeParam(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq <= 2_147_483_647 ? seq : undefined;
}

/** The message box under a conversation (a Loop's or plain agent chat): its Send starts a turn. */
export function SendForm({ action, csrf, hint }: { action: string; csrf: string; hint?: string }) {
  return (
    <form method="post" action={action} class="send">
      <input type="hidden" name="csrf" value={csrf} />
      <label>
        Message
        <input type="text" name="message" maxlength={2000} required autocomplete="off" />
      </label>
      {hint ? <p class="meta">{hint}</p> : null}
      <button type="submit" class="primary">
        Send
      </button>
    </form>
  );
}
