/**
 * `/for-agents`: what an AI agent (and whoever connects one) needs — the endpoint and protocol
 * versions, the six tools, credentials, how search answers when it cannot, and the rules for
 * handing a page to a traveler. The pages for people link here instead of carrying it.
 */
import { PLAN_LIMITS } from '../catalog/vocabulary.ts';
import { ChengduPage } from './layout.tsx';
import { ISSUE_LINK_COMMAND } from './sign-in-page.tsx';

export function ForAgentsPage() {
  return (
    <ChengduPage title="Chengdu Soul for agents" description="How AI agents connect to Chengdu Soul over MCP.">
      <h1>Chengdu Soul for agents</h1>
      <h2>Connect</h2>
      <p>
        <code>POST /mcp</code>: stateless Streamable HTTP with JSON responses, MCP <code>2025-06-18</code> or <code>2025-03-26</code>; the discovery extension{' '}
        <code>server/discover</code> is version <code>2026-07-28</code>. <code>GET</code> returns 405; there is no SSE stream and no session ID. Call{' '}
        <code>tools/list</code> at the start of a session: the live schema is authoritative.
      </p>
      <h2>Tools</h2>
      <ol>
        <li>
          <code>list_chengdu_scenes</code>, <code>search_chengdu_scenes</code>, <code>get_chengdu_scene</code>: public. The search display for people is{' '}
          <a href="/agents">/agents</a>; each returned <code>detailPath</code> opens the same overview.
        </li>
        <li>
          <code>propose_chengdu_itinerary</code>, <code>revise_chengdu_draft</code>, <code>confirm_chengdu_draft</code>: need{' '}
          <code>Authorization: Bearer &lt;Agent credential&gt;</code>, issued by the operator for the sole approved account, for at most 24 hours. Each write
          carries a new <code>idempotencyKey</code> ({PLAN_LIMITS.idempotencyKeyMin}–{PLAN_LIMITS.idempotencyKeyMax} characters).
        </li>
      </ol>
      <h2>When search finds nothing</h2>
      <p>
        <code>needs_clarification</code> (unrecognized words), <code>unsupported_request</code> (something this service cannot verify, such as opening hours or
        tickets) and <code>no_match</code> (recognized words that conflict) all return no results. Explain what was not verified and ask the traveler to
        clarify; do not drop a hard requirement just to obtain a match.
      </p>
      <h2>Handing a plan to the traveler</h2>
      <ul>
        <li>Review every day group, the visit caveats and the limitations with the traveler before confirming.</li>
        <li>
          A <code>selectionOnly</code> scene is an optional outing: explain its journey and access caveats and get the traveler’s choice before requiring it.
        </li>
        <li>
          Only <code>confirm_chengdu_draft</code> returns <code>publication.pageUrl</code>. Present the page without rewriting its destination facts; keep the
          unlisted link out of logs, analytics and external searches. It expires {PLAN_LIMITS.linkLifetimeDays} days after the draft was created.
        </li>
        <li>
          Do not imply verified opening hours, accessibility, travel times, ticket availability or a bookable itinerary; map links are destinations, not routes.
        </li>
      </ul>
      <h2>For the operator</h2>
      <p>
        The owner signs in with a one-time link: <code>{ISSUE_LINK_COMMAND}</code>. Agent credentials: <code>npm run operator -- issue-credential</code>,
        revoked with <code>npm run operator -- revoke-credential &lt;id&gt;</code>.
      </p>
    </ChengduPage>
  );
}
