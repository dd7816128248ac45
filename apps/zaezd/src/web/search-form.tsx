/**
 * The search form, with the fields find_event_trips takes (topics, origin, dates, travellers,
 * budget): on the front door, and again under a board where nothing matched. It sends a GET to
 * `/search`; what could not be understood comes back with each field marked.
 */
import { CITIES } from '../geo/cities.ts';
import { TOPICS } from '../events/topics.ts';
import { REQUEST_LIMITS } from '../trips/trip-request.ts';
import { topicRu } from '../wording.ts';

/** What the traveller typed, echoed back when the search could not run. */
export interface SearchFields {
  topics: string;
  origin: string;
  date_from: string;
  date_to: string;
  adults: string;
  budget: string;
}

export interface SearchProblem {
  /** Field name → what is wrong with it, in Russian. */
  fields: Record<string, string>;
  /** A problem that belongs to no single field. */
  general: string | null;
}

const TOPIC_EXAMPLES = TOPICS.map((t) => topicRu(t.label)).join(', ');

function FieldError(props: { id: string; problem: SearchProblem | undefined; field: string }) {
  const text = props.problem?.fields[props.field];
  return text ? (
    <p class="field-error" id={props.id}>
      {text}
    </p>
  ) : null;
}

export function SearchForm(props: { fields: SearchFields; problem?: SearchProblem | undefined }) {
  const { fields, problem } = props;
  const invalid = (field: string) => (problem?.fields[field] ? { 'aria-invalid': 'true', 'aria-describedby': `${field}-error` } : {});
  return (
    <form class="search-form" method="get" action="/search">
      <div class="field field-wide">
        <label for="topics">Что хотите увидеть</label>
        <input
          id="topics"
          name="topics"
          type="text"
          required
          maxlength={300}
          value={fields.topics}
          placeholder="джаз, фестиваль"
          aria-describedby="topics-hint"
          {...invalid('topics')}
        />
        <p class="hint" id="topics-hint">
          Одно-два слова через запятую: {TOPIC_EXAMPLES}.
        </p>
        <FieldError id="topics-error" problem={problem} field="topics" />
      </div>
      <div class="field">
        <label for="origin">Откуда</label>
        <select id="origin" name="origin" {...invalid('origin')}>
          {CITIES.map((city) => (
            <option value={city.nameRu} selected={city.nameRu === fields.origin}>
              {city.nameRu}
            </option>
          ))}
        </select>
        <FieldError id="origin-error" problem={problem} field="origin" />
      </div>
      <div class="field">
        <label for="adults">Взрослых</label>
        <input id="adults" name="adults" type="number" min={1} max={REQUEST_LIMITS.maxAdults} value={fields.adults} {...invalid('adults')} />
        <FieldError id="adults-error" problem={problem} field="adults" />
      </div>
      <div class="field">
        <label for="date_from">Мероприятие не раньше</label>
        <input id="date_from" name="date_from" type="date" value={fields.date_from} {...invalid('date_from')} />
        <FieldError id="date_from-error" problem={problem} field="date_from" />
      </div>
      <div class="field">
        <label for="date_to">и не позже</label>
        <input id="date_to" name="date_to" type="date" value={fields.date_to} {...invalid('date_to')} />
        <FieldError id="date_to-error" problem={problem} field="date_to" />
      </div>
      <div class="field field-wide">
        <label for="budget">Бюджет на всех, ₽ (необязательно)</label>
        <input
          id="budget"
          name="budget"
          type="text"
          inputmode="numeric"
          value={fields.budget}
          placeholder="40 000"
          aria-describedby="budget-hint"
          {...invalid('budget')}
        />
        <p class="hint" id="budget-hint">
          Дорога туда и обратно и отель; билеты на само мероприятие не входят.
        </p>
        <FieldError id="budget-error" problem={problem} field="budget" />
      </div>
      <p class="field-wide">
        <button type="submit" class="button">
          Найти поездку
        </button>
      </p>
    </form>
  );
}
