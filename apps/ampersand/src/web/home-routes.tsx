/**
 * The andee's home: what waits for them (unread notifications, facts to review, connection
 * requests, questions), a form to add a fact about themselves, and — on an install with the demo
 * graph — "People to try", the labelled demo andees with one action each (Connect, Ask about
 * them): three of them, the first not yet connected with or asked about, the rest behind a
 * disclosure. A new andee lands here from sign-up (`/welcome`, the same page greeting them); a
 * returning one lands here from `/` when something waits, and on Connected apps when nothing
 * does. Every action is a form carrying the session's CSRF token, so it works without JavaScript.
 */
import { Hono } from 'hono';
import { connectWithDemo, demoPeople, type DemoPerson } from '../identity/demo-people.ts';
import { addOwnFact } from '../identity/own-facts.ts';
import { somethingWaits, whatWaits, type WhatWaits } from '../identity/what-waits.ts';
import type { WebSession } from '../andees/web-sessions.ts';
import { renderPage } from '../shell/layout.tsx';
import { TAG_PATTERN } from '../andees/tags.ts';
import { AddFactForm, FACT_FORM_PAGES, factNotice, type FactFormPage } from './add-fact-form.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import { formFields, sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function Waiting(props: { waits: WhatWaits }) {
  const w = props.waits;
  return (
    <section aria-labelledby="waiting" class="waiting">
      <h2 id="waiting">Waiting for you</h2>
      {w.reviewCount > 0 ? (
        <div class="card" data-waiting="review">
          <h3>
            <a href="/review">{plural(w.reviewCount, 'fact to review', 'facts to review')}</a>
          </h3>
          <ul>
            {w.review.map((s) => (
              <li>“{s.value}”</li>
            ))}
          </ul>
        </div>
      ) : null}
      {w.requests.length > 0 ? (
        <div class="card" data-waiting="requests">
          <h3>
            <a href="/connections">Connection requests</a>
          </h3>
          <ul>
            {w.requests.map((r) => (
              <li>
                <a href={`/connections?from=${encodeURIComponent(r.tag.replace(/^&/, ''))}`}>{r.name}</a> wants to connect{r.note ? `: “${r.note}”` : '.'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {w.questions.length > 0 ? (
        <div class="card" data-waiting="questions">
          <h3>
            <a href="/questions">Questions for you</a>
          </h3>
          <ul>
            {w.questions.map((q) => (
              <li>
                <a href={`/questions?q=${encodeURIComponent(q.questionId)}`}>{q.from.name}</a> asks: “{q.question}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {w.unread > 0 ? (
        <div class="card" data-waiting="notifications">
          <h3>
            <a href="/notifications">{plural(w.unread, 'unread notification', 'unread notifications')}</a>
          </h3>
          <ul>
            {w.notifications.map((n) => (
              <li>{n.link ? <a href={n.link}>{n.text}</a> : n.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** How many people to try the home page shows; the others wait in a disclosure, so the page stays short on a phone. */
const PEOPLE_SHOWN = 3;

function PersonToTry(props: { person: DemoPerson; csrf: string }) {
  const p = props.person;
  return (
    <li class="card" data-demo-tag={p.tag}>
      <h3>{p.name}</h3>
      <p class="meta">&{p.tag}</p>
      {p.introduction ? <p>“{p.introduction}”</p> : null}
      <div class="actions">
        {p.connected ? (
          <span class="state">Connected</span>
        ) : (
          <form method="post" action="/people-to-try/connect">
            <input type="hidden" name="csrf" value={props.csrf} />
            <input type="hidden" name="tag" value={p.tag} />
            <button type="submit" aria-label={`Connect with ${p.name}`}>
              Connect
            </button>
          </form>
        )}
        <form method="post" action="/chat/send">
          <input type="hidden" name="csrf" value={props.csrf} />
          <input type="hidden" name="message" value={`What does &${p.tag} like?`} />
          <button type="submit">Ask about {p.name.split(' ')[0]}</button>
        </form>
      </div>
    </li>
  );
}

/**
 * The first few people, the ones not yet connected with or asked about (demo-people.ts orders
 * them), and the rest in a disclosure: a `details` opens without JavaScript.
 */
function PeopleToTry(props: { people: DemoPerson[]; csrf: string }) {
  const shown = props.people.slice(0, PEOPLE_SHOWN);
  const more = props.people.slice(PEOPLE_SHOWN);
  return (
    <section aria-labelledby="people-to-try">
      <h2 id="people-to-try">People to try</h2>
      <p class="meta">Demo people on this server, with made-up facts: connect with one, or ask & about them, to see what & does.</p>
      <ul class="people-to-try">
        {shown.map((p) => (
          <PersonToTry person={p} csrf={props.csrf} />
        ))}
      </ul>
      {more.length ? (
        <details class="more-people">
          <summary>
            {more.length} more {more.length === 1 ? 'person' : 'people'} to try
          </summary>
          <ul class="people-to-try">
            {more.map((p) => (
              <PersonToTry person={p} csrf={props.csrf} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function homePage(view: { session: WebSession; welcome: boolean; waits: WhatWaits; people: DemoPerson[]; notice: string | undefined; back: FactFormPage }) {
  const { session, waits } = view;
  return renderPage(
    view.welcome ? 'Welcome' : 'Home',
    <>
      <h1>{view.welcome ? `Welcome, ${session.andee.displayName}` : `Hello, ${session.andee.displayName}`}</h1>
      {view.welcome ? (
        <p class="notice" role="status">
          Your &tag is <strong>&{session.andee.tag}</strong>, and this browser is signed in.
        </p>
      ) : null}
      {view.notice ? (
        <p class="notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {somethingWaits(waits) ? <Waiting waits={waits} /> : view.welcome ? null : <p>Nothing waits for you.</p>}
      <AddFactForm csrf={session.csrfToken} back={view.back} />
      {view.people.length ? <PeopleToTry people={view.people} csrf={session.csrfToken} /> : null}
      <h2>Next</h2>
      <ul class="steps">
        <li>
          <a href="/chat#newest">Chat with &</a>: ask what it knows about you and your people, or tell it a fact.
        </li>
        <li>
          <a href="/connect">Connect an agent</a>: add & to Claude, ChatGPT or another MCP app, then approve what it may see.
        </li>
        <li>
          <a href="/connections">Find people you know</a> from your contacts.
        </li>
      </ul>
      <p class="meta">
        To sign in on another device later, use <a href="/sign-in">Sign in</a>: it makes a one-time link.
      </p>
    </>,
    { signedIn: true, unread: waits.unread },
  );
}

/** The line an action on this page leaves, rebuilt from known words (never text from the address). */
function homeNotice(query: Record<string, string>, people: DemoPerson[]): string | undefined {
  const fact = factNotice(query);
  if (fact) return fact;
  const tag = TAG_PATTERN.test(query.connected ?? '') ? query.connected : undefined;
  const person = people.find((p) => p.tag === tag);
  return person ? `You and ${person.name} are connected.` : undefined;
}

export function homeRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  for (const [path, welcome] of [
    ['/home', false],
    ['/welcome', true],
  ] as const) {
    app.get(path, signedIn, async (c) => {
      const session = sessionOf(c);
      const [waits, people] = await Promise.all([whatWaits(deps, session.andee.andeeId), demoPeople(deps.db, session.andee.andeeId)]);
      return c.html(homePage({ session, welcome, waits, people, notice: homeNotice(c.req.query(), people), back: welcome ? 'welcome' : 'home' }));
    });
  }

  app.post('/facts', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const back = FACT_FORM_PAGES[(form.back as FactFormPage) in FACT_FORM_PAGES ? (form.back as FactFormPage) : 'home'];
    const outcome = await addOwnFact(deps.signals, session.andee.andeeId, { value: form.value ?? '', visibility: form.visibility }, deps.now());
    return c.redirect(`${back}?fact=${outcome.written ? 'added' : 'duplicate'}`, 303);
  });

  app.post('/people-to-try/connect', signedForm, async (c) => {
    const form = formFields(c);
    const me = sessionOf(c).andee;
    const demo = await connectWithDemo(
      deps.db,
      deps.connections,
      { andeeId: me.andeeId, name: me.displayName, tag: me.tag, photoUrl: me.photoUrl },
      form.tag ?? '',
      deps.now(),
    );
    return c.redirect(`/home?connected=${encodeURIComponent(demo.tag)}#people-to-try`, 303);
  });

  return app;
}
