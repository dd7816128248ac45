/**
 * A canonical conversation as the person reads it — a Loop's or their plain agent chat's: each
 * message with who said it, and each run's ending as one of the five states in plain words, its
 * run and correlation id on the element so a request can be followed to what the person sees;
 * and the message box under it.
 */
import type { ConversationPage, MessageView } from '../loops/conversation.ts';
import { stateLabel } from '../loops/terminal-messages.ts';
import { OlderLink } from './older-link.tsx';

export function ConversationList(props: { messages: MessageView[] }) {
  // Numbered by the message's place in the whole conversation, so an earlier page does not start at 1 again.
  return (
    <ol class="conversation" start={props.messages[0]?.seq}>
      {props.messages.map((m) => (
        <li
          class="card"
          data-message-id={m.messageId}
          data-run-id={m.runId ?? ''}
          data-terminal-state={m.terminalState ?? ''}
          data-correlation-id={m.correlationId ?? ''}
        >
          <strong>{m.terminalState ? stateLabel(m.terminalState, m.role) : m.role === 'andee' ? 'You' : m.role === 'agent' ? 'Agent' : '&'}</strong>
          {m.body
            .split('\n')
            .filter(Boolean)
            .map((line) => (
              <p>{line}</p>
            ))}
          {m.correlationId && m.terminalState ? <small>Reference {m.correlationId}</small> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * A page of a conversation on `path`: above it the link to the messages before it (absent at the
 * conversation's start), and on an earlier page the way back to the newest, each landing at
 * `anchor`.
 */
export function PagedConversation(props: { page: ConversationPage; path: string; anchor: string }) {
  const { page } = props;
  return (
    <>
      <OlderLink path={props.path} param="before" next={page.earlier?.toString()} anchor={props.anchor} label="Earlier messages" />
      {page.messages.length === 0 ? <p>No messages yet.</p> : null}
      <ConversationList messages={page.messages} />
      {page.newest ? null : (
        <p class="older">
          <a href={`${props.path}#${props.anchor}`}>Back to the newest messages</a>
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
export function SendForm({ action, csrf }: { action: string; csrf: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="csrf" value={csrf} />
      <label>
        Message
        <input type="text" name="message" maxlength={2000} required />
      </label>
      <button type="submit" class="primary">
        Send
      </button>
    </form>
  );
}
