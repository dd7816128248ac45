/** `/` before sign-in: what Chengdu Soul is, where to start, and how the owner signs in. What agents need is on `/for-agents`. */
import { ChengduPage } from './layout.tsx';
import { SIGN_IN_LINK_MINUTES } from '../access/sign-in-links.ts';

export function HomePage(props: { catalogVersion?: string | undefined; sceneCount?: number | undefined }) {
  return (
    <ChengduPage title="Flexible days in Chengdu" description="One to three flexible exploration days from reviewed Chengdu scene overviews.">
      <h1>
        Chengdu Soul <span lang="zh-CN">成都之魂</span>
      </h1>
      <p class="lead">
        One to three flexible exploration days in Chengdu, built from a fixed, reviewed selection of real scenes: teahouses, parks, temples, old streets and a
        few day trips out of the city.
      </p>
      <p>
        <a href="/agents" class="button-link">
          Browse and search the scenes
        </a>
        {props.sceneCount ? ` (${props.sceneCount} scenes)` : ''}
      </p>
      <h2>What you get</h2>
      <ul>
        <li>Days grouped by approximate location, each scene with its Chinese name, how to get near it and map links.</li>
        <li>A page you can share with the people travelling, for seven days.</li>
      </ul>
      <h2>What it is not</h2>
      <p>
        It is not a timed route, a live availability check, a reservation, a hotel service or a payment service. Opening hours, tickets, access and travel times
        are not checked.
      </p>
      <h2>Planning</h2>
      <p>
        Your AI agent can plan with Chengdu Soul and hand you the page. The owner of this service can also plan here directly after signing in with a one-time
        link from the operator; a link works once, within {SIGN_IN_LINK_MINUTES} minutes. Connecting an agent: <a href="/for-agents">Chengdu Soul for agents</a>
        .
      </p>
    </ChengduPage>
  );
}
