/**
 * `/` before sign-in: what Chengdu Soul is, a sample two-day plan drawn from the current catalog
 * (said to be a sample), and the words a traveler can give their agent, with a button to copy
 * them (owner-script.ts; the words stay selectable without it). The limits are the footer's, said
 * once. What agents need is on `/for-agents`.
 */
import { ChengduPage } from './layout.tsx';
import { OWNER_SCRIPT_PATH } from './owner-script.ts';
import type { SampleDay } from './sample-plan.ts';

/** What a traveler can ask their agent, word for word. */
export const TRAVELER_PROMPT = 'Plan two quiet days in Chengdu with Chengdu Soul.';

export function HomePage(props: { catalogVersion?: string | undefined; sceneCount?: number | undefined; sample?: SampleDay[] | undefined }) {
  return (
    <ChengduPage title="Flexible days in Chengdu" description="One to three flexible exploration days from reviewed Chengdu scene overviews.">
      <h1>
        Chengdu Soul <span lang="zh-CN">成都之魂</span>
      </h1>
      <p class="lead">
        One to three flexible exploration days in Chengdu, built from a fixed, reviewed selection of real scenes: teahouses, parks, temples, old streets and a
        few outings out of the city. Each scene comes with its Chinese name, how to get near it and map links, on a page you can share for seven days.
      </p>
      <section class="prompt" aria-labelledby="prompt-title">
        <h2 id="prompt-title">Ask your agent</h2>
        <p>Give your AI agent (Claude, ChatGPT or another that can use tools) words like these:</p>
        <p class="prompt-text">
          <textarea id="traveler-prompt" class="share-link" rows={2} readonly aria-label="Words to give your agent">
            {TRAVELER_PROMPT}
          </textarea>
          <button type="button" class="quiet copy-link" data-copy={TRAVELER_PROMPT} data-target="traveler-prompt" hidden>
            Copy
          </button>
        </p>
        <p class="small">
          It searches the scenes, proposes days for you to review, and publishes the page once you agree. Setting up an agent:{' '}
          <a href="/for-agents">Chengdu Soul for agents</a>.
        </p>
      </section>
      {props.sample && props.sample.length > 0 ? (
        <section class="sample-plan" aria-labelledby="sample-title">
          <h2 id="sample-title">A sample: two quiet days</h2>
          <p class="small">
            Drawn by the planner from today’s catalog{props.catalogVersion ? ` (${props.catalogVersion})` : ''} for someone who asked for quiet days at a
            balanced pace. Your own plan follows what you ask.
          </p>
          <ol class="sample-days">
            {props.sample.map((day) => (
              <li>
                <strong>Day {day.day}:</strong>{' '}
                {day.scenes.map((scene, index) => (
                  <>
                    {index > 0 ? ' · ' : ''}
                    <a href={scene.detailPath}>
                      {scene.name.en} <span lang="zh-CN">{scene.name.zh}</span>
                    </a>
                  </>
                ))}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p>
        <a href="/agents" class="button-link">
          Browse and search the scenes
        </a>
        {props.sceneCount ? ` (${props.sceneCount} scenes)` : ''}
      </p>
      <p class="small">Running this service? Sign in with a one-time link from the operator.</p>
      <script src={OWNER_SCRIPT_PATH} defer />
    </ChengduPage>
  );
}
