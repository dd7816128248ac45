/**
 * The front door `/`, in Russian: what zaezd does in two sentences and a search form with the
 * fields find_event_trips takes (topics, origin, dates, travellers, budget). The form sends a GET
 * to `/search`, which runs the same orchestrator as the tool and lands on the trip's board. What
 * an agent needs lives on `/agents`.
 */
import { addDays, moscowToday } from '../calendar.ts';
import { CITIES } from '../geo/cities.ts';
import { TOPICS } from '../events/topics.ts';
import { REQUEST_LIMITS } from '../trips/trip-request.ts';
import { topicRu } from '../wording.ts';
import { ZaezdPage } from './layout.tsx';

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

export function HomePage(props: { upstreamIsStandIn: boolean; now: Date; fields?: SearchFields; problem?: SearchProblem }) {
  const today = moscowToday(props.now);
  const fields = props.fields ?? { topics: '', origin: 'Москва', date_from: addDays(today, 1), date_to: addDays(today, 61), adults: '1', budget: '' };
  const { problem } = props;
  const invalid = (field: string) => (problem?.fields[field] ? { 'aria-invalid': 'true', 'aria-describedby': `${field}-error` } : {});
  return (
    <ZaezdPage title="Поездки на мероприятия" robots="index">
      <h1>Поездка на концерт, фестиваль или спектакль</h1>
      <p class="lead">
        Напишите, что хотите увидеть, и откуда едете. zaezd найдёт подходящее мероприятие и соберёт до трёх вариантов: поезд или самолёт туда и обратно и отель
        на все ночи. Оформляете вы сами, на сайте Туту.
      </p>
      {props.upstreamIsStandIn ? (
        <p class="notice">Этот сервер работает на демо-данных: поезда, рейсы и отели берутся из tutu-sim, локальной замены Туту. Купить по ним нельзя.</p>
      ) : null}
      {problem ? (
        <div class="problem" role="alert">
          <p>
            <strong>Поиск не запустился.</strong> {problem.general ?? 'Проверьте отмеченные поля.'}
          </p>
        </div>
      ) : null}
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
      <h2>Что будет дальше</h2>
      <ol class="steps">
        <li>zaezd ищет мероприятие в городах, которые знает, и спрашивает у Туту поезда, рейсы и отели на эти дни.</li>
        <li>Вы видите доску поездки: варианты с временем в пути и ценой на всех и на человека.</li>
        <li>Выбранный вариант оформляете по ссылкам на сайте Туту — билеты и отель по отдельности. zaezd ничего не бронирует.</li>
      </ol>
    </ZaezdPage>
  );
}
