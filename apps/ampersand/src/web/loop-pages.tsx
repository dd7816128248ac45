/**
 * The Loop pages: the shelf (active and archived) and one Loop — its artifacts rendered from the
 * surface contract's blocks (a block this page does not know shows the item's plain fallback
 * text), its members, and its conversation, where every run's ending reads as one of the five
 * states in plain words with the safe next step. Every element that belongs to a run carries its
 * correlation id, so a request can be followed to what the person sees.
 */
import { isSafeLinkUrl } from '../contracts/link-urls.ts';
import type { MessageView } from '../loops/conversation.ts';
import type { ItemView } from '../loops/loop-items.ts';
import type { LoopSummary } from '../loops/loop-records.ts';
import type { RunView } from '../loops/runs.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';
import { STARTER_SKILLS } from '../loops/starter-skills.ts';
import { ConversationList, SendForm } from './conversation-list.tsx';
import { renderPage } from '../shell/layout.tsx';

/** One form per built-in starter: `action` gets `starter`, the starter's id. */
function StarterForms(props: { action: string; csrf: string; verb: string }) {
  return (
    <ul class="starters">
      {STARTER_SKILLS.map((s) => (
        <li>
          <form method="post" action={props.action}>
            <input type="hidden" name="csrf" value={props.csrf} />
            <input type="hidden" name="starter" value={s.starterId} />
            <button type="submit">
              {props.verb} {s.title}
            </button>{' '}
            <small>{s.description}</small>
          </form>
        </li>
      ))}
    </ul>
  );
}

export function shelfPage(shelf: { active: LoopSummary[]; archived: LoopSummary[] }, csrf: string): string {
  const list = (loops: LoopSummary[]) => (
    <ul>
      {loops.map((l) => (
        <li>
          <a href={`/loops/${l.loopId}`}>{l.title}</a> {l.role === 'member' ? <small>shared by {l.owner.tag}</small> : null}
        </li>
      ))}
    </ul>
  );
  return renderPage(
    'Your Loops',
    <>
      <h1>Your Loops</h1>
      <section aria-labelledby="start">
        <h2 id="start">Start a Loop</h2>
        <p>Each starter works on this server as it is: it reads what you and your connections shared and saves a result you can come back to.</p>
        <StarterForms action="/loops/start" csrf={csrf} verb="Start" />
      </section>
      <h2>Active</h2>
      {shelf.active.length ? (
        list(shelf.active)
      ) : (
        <p class="notice">No active Loops yet. Start one above, or ask an agent you connected for ongoing work on one specific thing.</p>
      )}
      <h2>Archived</h2>
      {shelf.archived.length ? list(shelf.archived) : <p>Nothing archived.</p>}
    </>,
    { signedIn: true },
  );
}

export interface LoopPageView {
  loop: LoopSummary;
  items: ItemView[];
  /** The composed surface (presentation only); empty when none was composed. */
  composition: SurfaceBlock[];
  members: Array<{ tag: string; name: string; role: string }>;
  conversation: MessageView[];
  running: RunView[];
  csrf: string;
}

export function loopPage(view: LoopPageView): string {
  const { loop } = view;
  return renderPage(
    loop.title,
    <>
      <p>
        <a href="/loops">← Your Loops</a>
      </p>
      <h1 data-loop-id={loop.loopId}>{loop.title}</h1>
      {loop.archived ? <p class="notice">This Loop is archived: off your active shelf, with everything kept.</p> : null}
      {view.composition.length ? <section class="card surface">{view.composition.map((b) => block(b) ?? null)}</section> : null}
      <section aria-labelledby="artifacts">
        <h2 id="artifacts">What this Loop has made</h2>
        {view.items.length === 0 ? <p>Nothing saved yet. A run saves something only when it has a useful result.</p> : view.items.map((item) => artifact(item))}
      </section>
      <section aria-labelledby="conversation">
        <h2 id="conversation">Conversation</h2>
        {view.conversation.length === 0 ? <p>No messages yet.</p> : null}
        <ConversationList messages={view.conversation} />
        {view.running.map((run) => (
          <form
            method="post"
            action={`/loops/${loop.loopId}/runs/${run.runId}/cancel`}
            class="notice"
            data-run-id={run.runId}
            data-correlation-id={run.correlationId}
          >
            <p>
              A run is working (started {run.startedAt.slice(11, 19)} UTC, it ends by {run.deadline.slice(11, 19)} UTC at the latest).{' '}
              <a href={`/loops/${loop.loopId}`}>Refresh</a> to see its result.
            </p>
            <input type="hidden" name="csrf" value={view.csrf} />
            <button type="submit">Cancel this run</button>
          </form>
        ))}
        {loop.archived ? null : !loop.skill ? (
          <section class="notice" data-waiting-for-skill="true">
            <p>This Loop has no skill yet, so it cannot run.</p>
            {loop.role === 'owner' ? (
              <>
                <p>Pick a starter skill for it, or leave it to wait for & to add one:</p>
                <StarterForms action={`/loops/${loop.loopId}/skill`} csrf={view.csrf} verb="Use" />
              </>
            ) : (
              <p>It waits for its owner to pick one, or for & to add one.</p>
            )}
          </section>
        ) : (
          <>
            <SendForm action={`/loops/${loop.loopId}/send`} csrf={view.csrf} />
            <form method="post" action={`/loops/${loop.loopId}/run`}>
              <input type="hidden" name="csrf" value={view.csrf} />
              <button type="submit">Run now</button>
            </form>
          </>
        )}
      </section>
      <section aria-labelledby="members">
        <h2 id="members">Members</h2>
        <ul>
          {view.members.map((m) => (
            <li>
              {m.name} ({m.tag}){m.role === 'owner' ? ', owner' : ''}
            </li>
          ))}
        </ul>
      </section>
    </>,
    { signedIn: true },
  );
}

function artifact(item: ItemView) {
  return (
    <article class="card" data-item-id={item.itemId} data-run-id={item.provenance?.runId ?? ''}>
      <h3>{item.title}</h3>
      {item.blocks.length ? item.blocks.map((b) => block(b) ?? <p>{item.fallbackText}</p>) : <p>{item.fallbackText}</p>}
      {item.visibility === 'owner' ? <small>Only you see this.</small> : null}
    </article>
  );
}

/** A known block rendered; undefined for one this page does not know (the caller shows the fallback). */
function block(b: SurfaceBlock) {
  switch (b.type) {
    case 'heading':
      return <h4>{b.text}</h4>;
    case 'paragraph':
      return <p>{b.text}</p>;
    case 'bullet_list':
      return (
        <ul>
          {b.items.map((i) => (
            <li>{i}</li>
          ))}
        </ul>
      );
    case 'recommendation':
      return (
        <p>
          <strong>{b.name}</strong> — {b.reason}
        </p>
      );
    case 'link':
      // A link stored before the rule (contracts/link-urls.ts) is shown as text, never made live.
      return isSafeLinkUrl(b.url) ? (
        <p>
          <a href={b.url} rel="noopener noreferrer">
            {b.label}
          </a>
        </p>
      ) : (
        <p>
          {b.label} ({b.url})
        </p>
      );
    default:
      return undefined;
  }
}
