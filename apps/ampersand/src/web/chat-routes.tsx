/**
 * The andee's plain agent chat on the web: the page, Send (the explicit action that starts an
 * agent-chat turn) and Cancel, forms carrying the session's CSRF token, each answered with a
 * redirect back to the chat.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { listMessages } from '../loops/conversation.ts';
import { listChatRuns, readRun } from '../loops/runs.ts';
import type { TurnEngine } from '../loops/turn-engine.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { chatPage } from './chat-page.tsx';
import { problemPage } from './problem-page.tsx';
import type { WebEnv } from './session-cookie.ts';
import { checkedForm, sessionOr } from './web-deps.ts';

export const MAX_CHAT_MESSAGE = 2000;

export function chatWebRoutes(deps: { db: Kysely<AmpersandDatabase>; engine: TurnEngine }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/chat', async (c) => {
    const session = sessionOr(c, '/chat');
    if (session instanceof Response) return session;
    const andeeId = session.andee.andeeId;
    const runs = await listChatRuns(deps.db, andeeId, 20);
    return c.html(chatPage({ conversation: await listMessages(deps.db, { chatOf: andeeId }, 100), running: runs.filter((r) => r.state === 'running'), csrf: session.csrfToken }));
  });

  app.post('/chat/send', async (c) => {
    const checked = await checkedForm(c);
    if (checked instanceof Response) return checked;
    const message = (checked.form.message ?? '').trim();
    if (!message || message.length > MAX_CHAT_MESSAGE) return c.html(problemPage('Not sent', 'Write a message of 1 to 2,000 characters.', { code: 'invalid_arguments', signedIn: true }), 400);
    await deps.engine.startChat({ andeeId: checked.session.andee.andeeId, message, correlationId: c.get('correlationId') });
    return c.redirect('/chat', 303);
  });

  app.post('/chat/turns/:runId/cancel', async (c) => {
    const checked = await checkedForm(c);
    if (checked instanceof Response) return checked;
    const run = await readRun(deps.db, c.req.param('runId'));
    if (!run || run.chatTurnId === null || run.envelope.andeeId !== checked.session.andee.andeeId) return c.html(problemPage('Not found', 'No such turn in your chat.', { code: 'loop_not_found', signedIn: true }), 404);
    await deps.engine.cancel(run.runId, `&${checked.session.andee.tag}`);
    return c.redirect('/chat', 303);
  });

  return app;
}
