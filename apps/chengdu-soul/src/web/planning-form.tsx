/**
 * The owner's planning form and its mapping to `propose_chengdu_itinerary` arguments, so the web
 * and the tools go through the same validation. Optional day trips (`selectionOnly`) are listed
 * apart with their caveat: they are never added unless ticked. The city's scenes are grouped by
 * area in collapsed groups (a group with a ticked scene opens), with a filter box the page's
 * script shows, so a phone is not handed 45 checkboxes in a column. Each render carries a fresh
 * idempotency key, so sending the same form twice makes one draft.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { Scene } from '../catalog/release-schema.ts';
import { ATMOSPHERES, DISCOVERIES, PLAN_LIMITS, RHYTHMS } from '../catalog/vocabulary.ts';
import { cityGroups } from './scene-groups.ts';
import { ATMOSPHERE_TITLE, ATMOSPHERE_WORDS, DISCOVERY_TITLE, DISCOVERY_WORDS } from './label-words.ts';

export interface PlanningFormValues {
  dayCount: string;
  rhythm: string;
  discovery: string;
  atmosphere: string;
  required: string[];
  excluded: string[];
}

export const DEFAULT_PLANNING_VALUES: PlanningFormValues = {
  dayCount: '2',
  rhythm: 'balanced',
  discovery: 'blend',
  atmosphere: 'mixed',
  required: [],
  excluded: [],
};

const DAY_COUNTS = ['1', '2', '3'] as const;
const DAY_COUNT_LABEL = { '1': '1 day', '2': '2 days', '3': '3 days' } as const;
const RHYTHM_LABEL = {
  spacious: `spacious (${PLAN_LIMITS.scenesPerDay.spacious} scene a day)`,
  balanced: `balanced (${PLAN_LIMITS.scenesPerDay.balanced} scenes a day)`,
  full: `full (${PLAN_LIMITS.scenesPerDay.full} scenes a day)`,
} as const;
// The same words as the search filters on /agents.
const DISCOVERY_LABEL = Object.fromEntries(DISCOVERIES.map((d) => [d, `${DISCOVERY_WORDS[d].label}: ${DISCOVERY_WORDS[d].means}`])) as Record<
  (typeof DISCOVERIES)[number],
  string
>;
const ATMOSPHERE_LABEL = Object.fromEntries(ATMOSPHERES.map((a) => [a, `${ATMOSPHERE_WORDS[a].label}: ${ATMOSPHERE_WORDS[a].means}`])) as Record<
  (typeof ATMOSPHERES)[number],
  string
>;

export function planningValuesFrom(form: URLSearchParams): PlanningFormValues {
  return {
    dayCount: form.get('dayCount') ?? '',
    rhythm: form.get('rhythm') ?? '',
    discovery: form.get('discovery') ?? '',
    atmosphere: form.get('atmosphere') ?? '',
    required: form.getAll('require'),
    excluded: form.getAll('exclude'),
  };
}

/** The tool's arguments for these values; ticked scenes become the selection of the form's catalog version. */
export function proposeArgumentsFrom(values: PlanningFormValues, catalogVersion: string, idempotencyKey: string): Record<string, unknown> {
  return {
    dayCount: Number(values.dayCount),
    rhythm: values.rhythm,
    discovery: values.discovery,
    atmosphere: values.atmosphere,
    ...(values.excluded.length > 0 ? { excludedCardIds: values.excluded } : {}),
    ...(values.required.length > 0 ? { sceneSelection: { catalogVersion, requiredCardIds: values.required } } : {}),
    idempotencyKey,
  };
}

export function PlanningForm(props: { release: LoadedRelease; values: PlanningFormValues; csrfToken: string; idempotencyKey: string }) {
  const { release, values } = props;
  const city = release.scenes.filter((s) => !s.selectionOnly);
  const dayTrips = release.scenes.filter((s) => s.selectionOnly);
  return (
    <form method="post" action="/plan" class="plan-form">
      <input type="hidden" name="csrf" value={props.csrfToken} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <input type="hidden" name="catalogVersion" value={release.catalogVersion} />
      <fieldset>
        <legend>Days and preferences</legend>
        <div class="row">
          <Choice label="Days" name="dayCount" options={DAY_COUNTS} labels={DAY_COUNT_LABEL} value={values.dayCount} />
          <Choice label="Rhythm" name="rhythm" options={RHYTHMS} labels={RHYTHM_LABEL} value={values.rhythm} />
          <Choice label={ATMOSPHERE_TITLE} name="atmosphere" options={ATMOSPHERES} labels={ATMOSPHERE_LABEL} value={values.atmosphere} />
          <Choice label={DISCOVERY_TITLE} name="discovery" options={DISCOVERIES} labels={DISCOVERY_LABEL} value={values.discovery} />
        </div>
      </fieldset>
      <details open={values.required.length > 0}>
        <summary>Scenes you want (optional)</summary>
        <p>Ticked scenes are required: they stay in the plan. The other places are filled from your preferences.</p>
        <ScenePicker scenes={city} name="require" legend="In the city" chosen={values.required} />
        <fieldset class="scene-choices day-trips">
          <legend>Optional day trips (selection only)</legend>
          <p class="notice">
            Never added unless you tick one. Each is a long journey out of the city that fills its whole day; read its caveat before choosing it.
          </p>
          {dayTrips.map((s) => (
            <SceneBox scene={s} name="require" checked={values.required.includes(s.cardId)} dayTrip />
          ))}
        </fieldset>
      </details>
      <details open={values.excluded.length > 0}>
        <summary>Scenes to leave out (optional)</summary>
        <ScenePicker scenes={city} name="exclude" legend="Never suggest these" chosen={values.excluded} />
      </details>
      <p>
        <button type="submit">Propose a draft</button>
      </p>
    </form>
  );
}

function Choice<V extends string>(props: { label: string; name: string; options: readonly V[]; labels: Record<V, string>; value: string }) {
  return (
    <label>
      {props.label}{' '}
      <select name={props.name}>
        {props.options.map((o) => (
          <option value={o} selected={props.value === o}>
            {props.labels[o]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The city's scenes for one list (wanted or left out), grouped by area, with the filter box. */
function ScenePicker(props: { scenes: readonly Scene[]; name: 'require' | 'exclude'; legend: string; chosen: readonly string[] }) {
  const byId = new Map(props.scenes.map((s) => [s.cardId, s]));
  const id = `${props.name}-scenes`;
  return (
    <fieldset class="scene-choices" id={id}>
      <legend>{props.legend}</legend>
      <div class="scene-filter" hidden>
        <label for={`${id}-filter`}>Find a scene</label>
        <input type="search" id={`${id}-filter`} data-filter={id} data-status={`${id}-filter-status`} placeholder="name, in English or Chinese" />
        <span id={`${id}-filter-status`} role="status" class="small"></span>
      </div>
      {cityGroups(props.scenes).map((group) => {
        const ticked = group.cardIds.filter((cardId) => props.chosen.includes(cardId)).length;
        return (
          <details class="scene-group" open={ticked > 0}>
            <summary>
              {group.name.en} <span lang="zh-CN">{group.name.zh}</span>{' '}
              <span class="small">
                ({group.cardIds.length} scenes{ticked > 0 ? `, ${ticked} ticked` : ''})
              </span>
            </summary>
            <div class="scene-grid">
              {group.cardIds.map((cardId) => (
                <SceneBox scene={byId.get(cardId)!} name={props.name} checked={props.chosen.includes(cardId)} />
              ))}
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}

function SceneBox(props: { scene: Scene; name: 'require' | 'exclude'; checked: boolean; dayTrip?: boolean }) {
  const { scene } = props;
  return (
    <div class="scene-choice" data-search={[scene.name.en, scene.name.zh, ...(scene.aliases?.en ?? []), ...(scene.aliases?.zh ?? [])].join(' ').toLowerCase()}>
      <label>
        <input type="checkbox" name={props.name} value={scene.cardId} checked={props.checked} /> {scene.name.en}{' '}
        <span class="zh" lang="zh-CN">
          {scene.name.zh}
        </span>{' '}
        {props.dayTrip ? (
          <span class="tag">{scene.usuallyOvernight ? 'optional outing, usually overnight' : 'optional day trip'}</span>
        ) : (
          <span class="tag">{scene.atmosphere}</span>
        )}
      </label>
      {props.dayTrip ? <small class="caveat">{scene.visitCaveat}</small> : null}
    </div>
  );
}
