/**
 * Plain agent chat: the andee talks to & outside any Loop. The page shows the andee's own
 * canonical conversation, where every turn ends in one of the five states in plain words, the
 * turns still working (each with Cancel), and Send — the explicit action that starts a turn.
 */
import type { ConversationPage } from '../loops/conversation.ts';
import type { RunView } from '../loops/runs.ts';
import { PagedConversation, SendForm } from './conversation-list.tsx';
import { renderPage } from '../shell/layout.tsx';

export function chatPage(view: { conversation: ConversationPage; running: RunView[]; csrf: string }): string {
  return renderPage(
    'Chat with &',
    <>
      <h1>Chat with &</h1>
      <p class="meta" id="conversation">
        A plain chat, outside any Loop. For ongoing work on one specific thing, ask for a Loop.
      </p>
      <PagedConversation page={view.conversation} path="/chat" anchor="conversation" />
      {view.running.map((run) => (
        <form method="post" action={`/chat/turns/${run.runId}/cancel`} class="notice" data-run-id={run.runId} data-correlation-id={run.correlationId}>
          <p>
            & is working on your message (it ends by {run.deadline.slice(11, 19)} UTC at the latest). <a href="/chat">Refresh</a> to see the answer.
          </p>
          <input type="hidden" name="csrf" value={view.csrf} />
          <button type="submit">Cancel this turn</button>
        </form>
      ))}
      <SendForm action="/chat/send" csrf={view.csrf} />
    </>,
    { signedIn: true },
  );
}
