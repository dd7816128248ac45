/**
 * The andee's plain agent chat on the web: the page, Send (the explicit action that starts an
 * agent-chat turn) and Cancel, forms carrying the session's CSRF token, each answered with a
 * redirect back to the chat.
 */
import { Hono } from 'hono';
import { sessionCaller } from '../andees/caller.ts';
import { conversationPage } from '../loops/conversation.ts';
import { listChatRuns, readRun } from '../loops/runs.ts';
import { chatCases, type ChatCaseDeps } from '../loops/chat-cases.ts';
import { chatPage } from './chat-page.tsx';
import { beforeParam, chatSpeakers } from './conversation-list.tsx';
import { runtimeSpeakers } from './runtime-speakers.ts';
import { LIST_PAGE } from './older-link.tsx';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { formFields, sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';
import { requestZone } from './time-zone.tsx';

export const MAX_CHAT_MESSAGE = 2000;

export function chatWebRoutes(deps: ChatCaseDeps & { now: () => Date }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const cases = chatCases(deps);

  app.get('/chat', signedIn, async (c) => {
    const session = sessionOf(c);
    const andeeId = session.andee.andeeId;
    const runs = await listChatRuns(deps.db, andeeId, 20);
    const conversation = await conversationPage(deps.db, { chatOf: andeeId }, { limit: LIST_PAGE.messages, before: beforeParam(c.req.query('before')) });
    return c.html(
      chatPage({
        conversation,
        running: runs.filter((r) => r.state === 'running'),
        csrf: session.csrfToken,
        clock: { now: deps.now(), zone: requestZone(c) },
        speakerOf: chatSpeakers(await runtimeSpeakers(deps.db, conversation.messages, andeeId)),
      }),
    );
  });

  app.post('/chat/send', signedForm, async (c) => {
    const message = (formFields(c).message ?? '').trim();
    if (!message || message.length > MAX_CHAT_MESSAGE) {
      throw platformErrors.fail('invalid_arguments', 'Write a message of 1 to 2,000 characters.', {
        fields: [{ field: 'message', problem: 'is not 1 to 2,000 characters' }],
      });
    }
    await cases.send(sessionCaller(sessionOf(c).andee), { message }, c.get('correlationId'));
    // The newest message in view: on a phone the page would otherwise open at its top.
    return c.redirect('/chat#newest', 303);
  });

  app.post('/chat/turns/:runId/cancel', signedForm, async (c) => {
    const session = sessionOf(c);
    const run = await readRun(deps.db, c.req.param('runId'));
    if (!run || run.chatTurnId === null || run.envelope.andeeId !== session.andee.andeeId) throw fail('loop_not_found', 'No such turn in your chat.');
    await deps.engine.cancel(run.runId, `&${session.andee.tag}`);
    return c.redirect('/chat#newest', 303);
  });

  return app;
}
