/**
 * The Loop pages: the shelf (active and archived) and one Loop — its artifacts rendered from the
 * surface contract's blocks (a block this page does not know shows the item's plain fallback
 * text), its members, and its conversation, where every run's ending reads as one of the five
 * states in plain words with the safe next step. Every element that belongs to a run carries its
 * correlation id, so a request can be followed to what the person sees.
 */
import { isSafeLinkUrl } from '../contracts/link-urls.ts';
import type { ConversationPage } from '../loops/conversation.ts';
import type { ItemVersion, ItemView } from '../loops/loop-items.ts';
import type { Invitee, WaitingInvitation } from '../loops/loop-invitations.ts';
import type { LoopSummary } from '../loops/loop-records.ts';
import type { RunView } from '../loops/runs.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';
import { STARTER_SKILLS } from '../loops/starter-skills.ts';
import { PagedConversation, SendForm, type ConversationClock, type SpeakerOf } from './conversation-list.tsx';
import { RunHistory, type RunPeople } from './loop-run-history.tsx';
import { OLD_FACT_REFERENCE } from '../loops/get-to-know-me.ts';
import { LoopInvitationsList } from './loop-invitations-list.tsx';
import type { ShelfDetails } from '../loops/shelf-details.ts';
import { STATE_WORDS } from '../loops/terminal-messages.ts';
import { renderPage } from '../shell/layout.tsx';
import { OlderLink } from './older-link.tsx';
import { TimeWords } from './time-zone.tsx';

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

export interface ShelfView {
  active: LoopSummary[];
  archived: LoopSummary[];
  /** Invitations to others' Loops waiting for the andee's answer (loop-invitations.ts). */
  invitations: WaitingInvitation[];
  /** Where each list's next (older) page starts; undefined on its last page. */
  olderInvitations?: string | undefined;
  olderActive?: string | undefined;
  olderArchived?: string | undefined;
  /** Whether each list shows a later page than its first (its empty state then says "no older"). */
  paged?: { active: boolean; archived: boolean };
  details: Map<string, ShelfDetails>;
  now: Date;
  zone: string;
  csrf: string;
}

const RUN_STATE_WORDS: Record<string, string> = { running: 'Running now', ...STATE_WORDS };

function shelfCard(l: LoopSummary, view: ShelfView) {
  const d = view.details.get(l.loopId);
  const others = (d?.members ?? []).filter((m) => m.role !== 'owner');
  return (
    <li class="card" data-loop-id={l.loopId}>
      <h3>
        <a href={`/loops/${l.loopId}`}>{l.title}</a>
      </h3>
      <p class="meta">
        {l.role === 'member'
          ? `Shared with you by ${l.owner.name} (${l.owner.tag})`
          : others.length
            ? `Shared with ${others.map((m) => m.name).join(', ')}`
            : 'Only you'}
      </p>
      <p>
        {d?.lastArtifact ? (
          <>
            Latest: <strong>{d.lastArtifact.title}</strong>
          </>
        ) : (
          'Nothing made yet.'
        )}
      </p>
      <p class="meta">
        {d?.lastRun ? (
          <>
            Last run: <span class="state">{RUN_STATE_WORDS[d.lastRun.state] ?? d.lastRun.state}</span>{' '}
            <TimeWords at={d.lastRun.startedAt} now={view.now} zone={view.zone} />
          </>
        ) : (
          'Not run yet.'
        )}
      </p>
    </li>
  );
}

export function shelfPage(view: ShelfView): string {
  const list = (loops: LoopSummary[]) => <ul class="shelf">{loops.map((l) => shelfCard(l, view))}</ul>;
  return renderPage(
    'Your Loops',
    <>
      <h1>Your Loops</h1>
      <p>A Loop is ongoing work on one specific thing — a trip, a gift list, a reading group — with what it made and who it is shared with.</p>
      <section aria-labelledby="start">
        <h2 id="start">Start a Loop</h2>
        <p>Each starter works on this server as it is: it reads what you and your connections shared and saves a result you can come back to.</p>
        <StarterForms action="/loops/start" csrf={view.csrf} verb="Start" />
      </section>
      <LoopInvitationsList invitations={view.invitations} next={view.olderInvitations} csrf={view.csrf} now={view.now} zone={view.zone} />
      <h2 id="active">Active</h2>
      {view.active.length ? (
        list(view.active)
      ) : view.paged?.active ? (
        <p>No older active Loops.</p>
      ) : (
        <p class="notice">No active Loops yet. Start one above, or ask an agent you connected for ongoing work on one specific thing.</p>
      )}
      <OlderLink path="/loops" param="active" next={view.olderActive} anchor="active" label="Older active Loops" />
      <h2 id="archived">Archived</h2>
      {view.archived.length ? list(view.archived) : <p>{view.paged?.archived ? 'No older archived Loops.' : 'Nothing archived.'}</p>}
      <OlderLink path="/loops" param="archived" next={view.olderArchived} anchor="archived" label="Older archived Loops" />
    </>,
    { signedIn: true },
  );
}

export interface LoopPageView {
  loop: LoopSummary;
  items: ItemView[];
  /** Each item's latest earlier versions, newest first (loop-items.ts `itemHistories`). */
  histories: Map<string, ItemVersion[]>;
  /** The composed surface (presentation only); empty when none was composed. */
  composition: SurfaceBlock[];
  members: Array<{ tag: string; name: string; role: string }>;
  /** Invited and not yet answered: shown to the owner only. */
  invitees: Invitee[];
  conversation: ConversationPage;
  running: RunView[];
  csrf: string;
  clock: ConversationClock;
  /** The recent runs, newest first, and who started them. */
  runs: RunView[];
  people: RunPeople;
  /** Who wrote each message: "You", or a member's name. */
  speakerOf: SpeakerOf;
  /** The viewer's own facts the artifacts quote, by quote (“…”) → fact id, to link each quote. */
  citedFacts: ReadonlyMap<string, string>;
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
      <RunHistory runs={view.runs} people={view.people} now={view.clock.now} zone={view.clock.zone} />
      {view.composition.length ? <section class="card surface">{view.composition.map((b) => block(b) ?? null)}</section> : null}
      <section aria-labelledby="artifacts">
        <h2 id="artifacts">What this Loop has made</h2>
        {view.items.length === 0 ? (
          <p>Nothing saved yet. A run saves something only when it has a useful result.</p>
        ) : (
          view.items.map((item) => artifact(item, loop.renderer, view.histories.get(item.itemId) ?? [], view.citedFacts))
        )}
      </section>
      <section aria-labelledby="conversation">
        <h2 id="conversation">Conversation</h2>
        <PagedConversation
          page={view.conversation}
          path={`/loops/${encodeURIComponent(view.loop.loopId)}`}
          anchor="conversation"
          kind="loop"
          clock={view.clock}
          speakerOf={view.speakerOf}
        />
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
              <button type="submit" aria-describedby="run-now-help">
                Run now
              </button>
              <p class="meta" id="run-now-help">
                Run now asks this Loop's skill to work once on what & knows now, without a message from you. It saves something only when it has a useful
                result, and its ending shows in the conversation above. Nothing runs on a schedule.
              </p>
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
        {view.invitees.length ? (
          <p class="meta" data-invitees>
            Invited, not members until they accept: {view.invitees.map((i) => `${i.name} (${i.tag})`).join(', ')}
          </p>
        ) : null}
        {loop.role === 'owner' ? (
          <>
            <form method="post" action={`/loops/${loop.loopId}/share`}>
              <input type="hidden" name="csrf" value={view.csrf} />
              <label>
                Share with (&tag) <input type="text" name="tag" required maxlength={32} />
              </label>
              <p class="meta">
                Members see this Loop and what it made for members; what is marked “only you” stays yours. One of your connections becomes a member at once;
                anyone else is invited and becomes a member only if they accept.
              </p>
              <button type="submit">Share</button>
            </form>
            <form method="post" action={`/loops/${loop.loopId}/archive`}>
              <input type="hidden" name="csrf" value={view.csrf} />
              <input type="hidden" name="archived" value={loop.archived ? 'no' : 'yes'} />
              <button type="submit">{loop.archived ? 'Bring back to the active shelf' : 'Archive'}</button>
              <p class="meta">Archiving takes the Loop off your active shelf and keeps everything; you can bring it back.</p>
            </form>
          </>
        ) : null}
      </section>
    </>,
    { signedIn: true },
  );
}

/** An item as the Loop's renderer shows it: the renderer sets its layout, the blocks its content; its earlier versions under it. */
function artifact(item: ItemView, renderer: string, history: ItemVersion[], cited: ReadonlyMap<string, string>) {
  return (
    <article class="card" data-item-id={item.itemId} data-run-id={item.provenance?.runId ?? ''} data-renderer={renderer}>
      <h3>{item.title}</h3>
      {item.blocks.length ? item.blocks.map((b) => block(b, renderer, cited) ?? <p>{item.fallbackText}</p>) : <p>{item.fallbackText}</p>}
      {item.visibility === 'owner' ? <small>Only you see this.</small> : null}
      {item.version > 1 ? <EarlierVersions item={item} history={history} /> : null}
    </article>
  );
}

/** What the item said before: each earlier version in plain text, with when it was replaced and by which run. */
function EarlierVersions(props: { item: ItemView; history: ItemVersion[] }) {
  const earlier = props.item.version - 1;
  const older = earlier - props.history.length;
  return (
    <details class="history" data-item-history={props.item.itemId}>
      <summary>
        Version {props.item.version}, changed {props.item.updatedAt.slice(0, 16).replace('T', ' ')} UTC · {earlier} earlier{' '}
        {earlier === 1 ? 'version' : 'versions'}
      </summary>
      <ol reversed>
        {props.history.map((v) => (
          <li data-version={v.version} data-run-id={v.provenance?.runId ?? ''}>
            <strong>
              Version {v.version}: {v.title}
            </strong>{' '}
            <small>(replaced {v.recordedAt.slice(0, 16).replace('T', ' ')} UTC)</small>
            <p class="fallback">{v.fallbackText}</p>
          </li>
        ))}
      </ol>
      {older > 0 ? <p class="meta">{older === 1 ? 'One older version is' : `${older} older versions are`} kept and not shown here.</p> : null}
    </details>
  );
}

/**
 * A known block rendered; undefined for one this page does not know (the caller shows the
 * fallback). The renderer decides what a list means: a plan's steps are numbered, a list's items
 * are things to tick off, recommendations stand as cards of their own, a decision leads with it.
 */
/**
 * A line as people read it: a fact it quotes that is the viewer's own links to it (Review keeps
 * it), and a line written before facts were cited by what they say loses its id reference.
 */
function CitedLine(props: { text: string; cited: ReadonlyMap<string, string> }) {
  const parts = props.text.replace(OLD_FACT_REFERENCE, '').split(/(“[^”]*”)/);
  return (
    <>
      {parts.map((part) => {
        const factId = props.cited.get(part);
        return factId ? <a href={`/review#fact-${factId}`}>{part}</a> : part;
      })}
    </>
  );
}

function block(b: SurfaceBlock, renderer = 'conversation', cited: ReadonlyMap<string, string> = new Map()) {
  switch (b.type) {
    case 'heading':
      return renderer === 'decision' ? <h4>Decision: {b.text}</h4> : <h4>{b.text}</h4>;
    case 'paragraph':
      return <p>{b.text}</p>;
    case 'bullet_list':
      return renderer === 'plan' ? (
        <ol>
          {b.items.map((i) => (
            <li>
              <CitedLine text={i} cited={cited} />
            </li>
          ))}
        </ol>
      ) : (
        <ul class={renderer === 'list' ? 'checklist' : undefined}>
          {b.items.map((i) => (
            <li>
              <CitedLine text={i} cited={cited} />
            </li>
          ))}
        </ul>
      );
    case 'recommendation':
      return renderer === 'recommendations' ? (
        <div class="card recommendation">
          <p>
            <strong>{b.name}</strong> — {b.reason}
          </p>
        </div>
      ) : (
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
