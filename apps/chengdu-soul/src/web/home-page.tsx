/** `/`: what Chengdu Soul is and where to start. */
import { ChengduPage } from './layout.tsx';

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
        <code>get_chengdu_scene</code>.
      </p>
    </ChengduPage>
  );
}
