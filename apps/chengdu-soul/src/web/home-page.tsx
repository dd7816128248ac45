/** `/` before sign-in: what Chengdu Soul is, where to start, and how the owner signs in. */
import { ChengduPage } from './layout.tsx';
import { SIGN_IN_LINK_MINUTES } from '../access/sign-in-links.ts';
import { ISSUE_LINK_COMMAND } from './sign-in-page.tsx';

export function HomePage(props: { catalogVersion?: string | undefined; sceneCount?: number | undefined }) {
  return (
    <ChengduPage title="Flexible days in Chengdu" description="One to three flexible exploration days from reviewed Chengdu scene overviews.">
      <h1>Chengdu Soul 成都之魂</h1>
      <p>
        One to three flexible exploration days in Chengdu, built from a fixed, reviewed selection of real scenes. It is not a timed
        route, a live availability check, a reservation, a hotel service or a payment service.
      </p>
      <p>
        <a href="/agents">Browse and search the scenes</a>
        {props.sceneCount ? ` (${props.sceneCount} scenes, catalog ${props.catalogVersion})` : ''}.
      </p>
      <h2>For AI agents</h2>
      <p>
        Connect an MCP client to <code>POST /mcp</code> (stateless Streamable HTTP, protocol 2025-06-18 or 2025-03-26). Discovery,
        search and scene details are public: <code>list_chengdu_scenes</code>, <code>search_chengdu_scenes</code>,{' '}
        <code>get_chengdu_scene</code>. Planning needs an Agent credential from the operator.
      </p>
      <h2>For the owner</h2>
      <p>
        The approved owner plans directly on this page, reviews and confirms drafts, and sees saved plans with a way to stop sharing
        each one. To sign in, open a one-time sign-in link from the operator (<code>{ISSUE_LINK_COMMAND}</code>); a link works once,
        within {SIGN_IN_LINK_MINUTES} minutes.
      </p>
    </ChengduPage>
  );
}
