/**
 * The front door `/`, in Russian: what zaezd does in two sentences and a search form with the
 * fields find_event_trips takes (topics, origin, dates, travellers, budget). The form sends a GET
 * to `/search`, which runs the same orchestrator as the tool and lands on the trip's board. What
 * an agent needs lives on `/agents`.
 */
import { addDays, moscowToday } from '../calendar.ts';
import { ZaezdPage } from './layout.tsx';
import { SearchForm, type SearchFields, type SearchProblem } from './search-form.tsx';

export function HomePage(props: { upstreamIsStandIn: boolean; now: Date; fields?: SearchFields; problem?: SearchProblem }) {
  const today = moscowToday(props.now);
  const fields = props.fields ?? { topics: '', origin: 'Москва', date_from: addDays(today, 1), date_to: addDays(today, 61), adults: '1', budget: '' };
  const { problem } = props;
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
      <SearchForm fields={fields} problem={problem} />
      <h2>Что будет дальше</h2>
      <ol class="steps">
        <li>zaezd ищет мероприятие в городах, которые знает, и спрашивает у Туту поезда, рейсы и отели на эти дни.</li>
        <li>Вы видите доску поездки: варианты с временем в пути и ценой на всех и на человека.</li>
        <li>Выбранный вариант оформляете по ссылкам на сайте Туту — билеты и отель по отдельности. zaezd ничего не бронирует.</li>
      </ol>
    </ZaezdPage>
  );
}
