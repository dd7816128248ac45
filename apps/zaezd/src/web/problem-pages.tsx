/**
 * Pages for what went wrong, in Russian: an address with no page, an unreadable trip address, a trip that cannot be
 * rebuilt right now, and the click-time checkout fallback — when Tutu will not give a fresh link,
 * the traveller gets Tutu's search results for that part instead, labelled for what they are
 * (Tutu's own words go to the log, not the page). The error's own message is the tool's, in
 * English, marked so and folded away under «Технические подробности».
 */
import { CHECKOUT_ITEM_NAMES, rub } from '../wording.ts';
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

/** An address zaezd has no page for: what happened and the ways back, in Russian. */
export function NotFoundPage() {
  return (
    <ZaezdPage title="Такой страницы нет">
      <h1>Такой страницы нет</h1>
      <p>По этому адресу у zaezd ничего нет: возможно, в ссылке опечатка.</p>
      <p>Если это ссылка на поездку из сообщения агента, откройте её оттуда ещё раз: возможно, она скопировалась не целиком.</p>
      <ul class="way-back">
        <li>
          <a href="/">Найти поездку на мероприятие</a>
        </li>
      </ul>
    </ZaezdPage>
  );
}

export function CheckoutFallbackPage(props: { tripId: string; item: string; price: number | null; searchUrl: string | null; searchLabel: string }) {
  const what = `${CHECKOUT_ITEM_NAMES[props.item] ?? 'Часть поездки'}${props.price !== null ? ` — ${rub(props.price)}` : ''}`;
  return (
    <ZaezdPage title="Туту не дал ссылку на оформление">
      <h1>Туту не дал ссылку на оформление</h1>
      <p>{what}</p>
      <p class="problem">Туту сейчас не выдал ссылку на корзину для этой части поездки.</p>
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
