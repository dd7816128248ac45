/**
 * Questions in the web app: the questions connections asked the andee (answer — it goes into the
 * review queue as a pending signal — or decline, silently), and the ones the andee sent with their
 * status. Every form carries the session's CSRF token.
 */
import { Hono } from 'hono';
import { sessionCaller } from '../andees/caller.ts';
import { questionIdInput, questionsAnswerInput } from '../contracts/question-contracts.ts';
import { questionCases } from '../identity/question-cases.ts';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { TimeWords, requestZone } from './time-zone.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import { formInput } from './form-input.ts';
import { formFields, sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

const QUESTION_NOTICES: Readonly<Record<string, string>> = {
  answered: 'Answered. Your answer waits in Review until you approve it.',
  declined: 'Declined.',
};

export function questionsRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const cases = questionCases(deps);

  app.get('/questions', signedIn, async (c) => {
    const session = sessionOf(c);
    const id = session.andee.andeeId;
    const [openPage, sentPage, unread] = await Promise.all([
      deps.questions.openPage(id, { limit: LIST_PAGE.questionsOpen, after: c.req.query('asked') }),
      deps.questions.sentPage(id, { limit: LIST_PAGE.questionsSent, after: c.req.query('sent') }),
      deps.notifications.unreadCount(id),
    ]);
    const open = openPage.questions;
    const sent = sentPage.questions;
    // Rebuilt from a known word, never text from the address (a sent link cannot make & say something else).
    const notice = QUESTION_NOTICES[c.req.query('done') ?? ''];
    const now = deps.now();
    const zone = requestZone(c);
    return c.html(
      renderPage(
        'Questions',
        <>
          <h1>Questions</h1>
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          <h2 id="asked">Asked of you</h2>
          {open.length === 0 ? <p>{c.req.query('asked') ? 'No older questions wait for you.' : 'No questions wait for you.'}</p> : null}
          {open.map((q) => (
            <div class="card" data-question={q.questionId}>
              <p>
                <strong>{q.from.name}</strong> ({q.from.tag}) asks: “{q.question}”
              </p>
              <p class="meta">
                Expires <TimeWords at={new Date(q.expiresAt)} now={now} zone={zone} />. Your answer goes to your review queue first; nothing is shared until you
                approve it there.
              </p>
              <form method="post" action={`/questions/${encodeURIComponent(q.questionId)}/answer`}>
                <input type="hidden" name="csrf" value={session.csrfToken} />
                <label>
                  Your answer
                  <textarea name="answer" required maxlength={500}></textarea>
                </label>
                <button type="submit" class="primary">
                  Answer
                </button>
              </form>
              <form method="post" action={`/questions/${encodeURIComponent(q.questionId)}/reject`}>
                <input type="hidden" name="csrf" value={session.csrfToken} />
                <button type="submit">Decline</button>
              </form>
            </div>
          ))}
          <OlderLink path="/questions" param="asked" next={openPage.next} anchor="asked" label="Older questions for you" />
          <h2 id="sent">You asked</h2>
          {sent.length === 0 ? <p>{c.req.query('sent') ? 'No older questions.' : 'You have not asked anyone yet.'}</p> : null}
          <ul>
            {sent.map((q) => (
              <li data-sent={q.questionId}>
                {q.to.name} ({q.to.tag}): “{q.question}” — <strong>{q.status}</strong>
              </li>
            ))}
          </ul>
          <OlderLink path="/questions" param="sent" next={sentPage.next} anchor="sent" label="Older questions you asked" />
        </>,
        { signedIn: true, unread },
      ),
    );
  });

  for (const action of ['answer', 'reject'] as const) {
    app.post(`/questions/:questionId/${action}`, signedForm, async (c) => {
      const form = formFields(c);
      const caller = sessionCaller(sessionOf(c).andee);
      const questionId = c.req.param('questionId');
      if (action === 'answer') await cases.answer(caller, formInput(questionsAnswerInput, { questionId, answer: (form.answer ?? '').trim() }), deps.now());
      else await cases.reject(caller, formInput(questionIdInput, { questionId }), deps.now());
      return c.redirect(`/questions?done=${action === 'answer' ? 'answered' : 'declined'}`, 303);
    });
  }

  return app;
}
