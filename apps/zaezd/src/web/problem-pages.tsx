/**
 * Pages for what went wrong: an unreadable trip address, a trip that cannot be rebuilt right now,
 * and the click-time checkout fallback — when Tutu will not give a fresh link, the traveller gets
 * Tutu's search results for that part instead, labelled for what they are.
 */
import { ZaezdPage } from './layout.tsx';

export function TripProblemPage(props: { title: string; message: string; tripId?: string }) {
  return (
    <ZaezdPage title={props.title}>
      <h1>{props.title}</h1>
      <p class="problem">{props.message}</p>
      {props.tripId ? (
        <p>
          <a href={`/t/${props.tripId}`}>Back to the trip</a>
        </p>
      ) : null}
    </ZaezdPage>
  );
}

export function CheckoutFallbackPage(props: { tripId: string; title: string; problem: string; searchUrl: string | null; searchLabel: string }) {
  return (
    <ZaezdPage title="Tutu did not give a checkout link">
      <h1>Tutu did not give a checkout link</h1>
      <p>{props.title}</p>
      <p class="problem">{props.problem}</p>
      {props.searchUrl ? (
        <>
          <p>You can still find the same offer in Tutu’s search results; no cart will be opened for you.</p>
          <p>
            <a class="button" href={props.searchUrl} rel="nofollow noopener">
              {props.searchLabel}
            </a>
          </p>
        </>
      ) : (
        <p>Tutu is not answering right now, so there is no search page to offer either. Try again in a minute.</p>
      )}
      <p>
        <a href={`/t/${props.tripId}`}>Back to the trip</a>
      </p>
    </ZaezdPage>
  );
}
