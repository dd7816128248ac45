/**
 * Pages for what went wrong, in Russian: an unreadable trip address, a trip that cannot be
 * rebuilt right now, and the click-time checkout fallback — when Tutu will not give a fresh link,
 * the traveller gets Tutu's search results for that part instead, labelled for what they are.
 * The error's own message is the tool's, in English, and is marked so.
 */
import { ZaezdPage } from './layout.tsx';

export function TripProblemPage(props: { title: string; explanation: string; message: string; tripId?: string }) {
  return (
    <ZaezdPage title={props.title}>
      <h1>{props.title}</h1>
      <p>{props.explanation}</p>
      <details class="technical">
        <summary>Технические подробности</summary>
        <p lang="en">{props.message}</p>
      </details>
      <p>{props.tripId ? <a href={`/t/${props.tripId}`}>Вернуться к поездке</a> : <a href="/">Найти поездку заново</a>}</p>
    </ZaezdPage>
  );
}

export function CheckoutFallbackPage(props: { tripId: string; title: string; problem: string; searchUrl: string | null; searchLabel: string }) {
  return (
    <ZaezdPage title="Туту не дал ссылку на оформление">
      <h1>Туту не дал ссылку на оформление</h1>
      <p>
        <span lang={/[А-Яа-яЁё]/.test(props.title) ? 'ru' : 'en'}>{props.title}</span>
      </p>
      <p class="problem">
        Ответ Туту: <span lang="en">{props.problem}</span>
      </p>
      {props.searchUrl ? (
        <>
          <p>То же предложение можно найти в результатах поиска Туту; корзина при этом не откроется.</p>
          <p>
            <a class="button" href={props.searchUrl} rel="nofollow noopener">
              {props.searchLabel}
            </a>
          </p>
        </>
      ) : (
        <p>Туту сейчас не отвечает, поэтому и страницы поиска нет. Попробуйте через минуту.</p>
      )}
      <p>
        <a href={`/t/${props.tripId}`}>Вернуться к поездке</a>
      </p>
    </ZaezdPage>
  );
}
