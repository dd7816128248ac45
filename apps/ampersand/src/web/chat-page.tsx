/**
 * Plain agent chat: the andee talks to & outside any Loop. The page reads like a messaging app:
 * bubbles from "You" and "&" (or the external runtime that answered, by its app's name) with
 * relative times, oldest first and the newest last (Send lands on it), a reply still being worked
 * on as "Thinking…" with Cancel, and the message box under it. Every part is a plain link or
 * form, so it works without JavaScript.
 */
import type { ConversationPage } from '../loops/conversation.ts';
import type { RunView } from '../loops/runs.ts';
import { PagedConversation, SendForm, ThinkingBubble, type ConversationClock, type SpeakerOf } from './conversation-list.tsx';
import { renderPage } from '../shell/layout.tsx';

export function chatPage(view: { conversation: ConversationPage; running: RunView[]; csrf: string; clock: ConversationClock; speakerOf: SpeakerOf }): string {
  return renderPage(
    'Chat with &',
    <>
      <h1>Chat with &</h1>
      <p class="meta" id="conversation">
        Ask about yourself or the people you know, or tell & a fact about yourself: it waits in Review until you approve it. For ongoing work on one thing,
        start a <a href="/loops">Loop</a>.
      </p>
      <PagedConversation page={view.conversation} path="/chat" anchor="conversation" kind="chat" clock={view.clock} speakerOf={view.speakerOf} />
      {view.running.map((run) => (
        <ThinkingBubble
          cancelAction={`/chat/turns/${run.runId}/cancel`}
          csrf={view.csrf}
          runId={run.runId}
          correlationId={run.correlationId}
          deadline={run.deadline}
        />
      ))}
      <SendForm action="/chat/send" csrf={view.csrf} hint="For example: “I love hiking in the Alps.” or “What do I like?”" />
    </>,
    { signedIn: true },
  );
}
