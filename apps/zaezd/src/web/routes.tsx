/**
 * zaezd's web routes. `/` is the front door with a search form; `/search` runs it through the
 * same orchestrator as find_event_trips and lands on the trip; `/agents` is the page for agents.
 * `/t/:trip_id` rebuilds the trip from its ID — as JSON (the same TripResult
 * find_event_trips answered) when the client accepts application/json, otherwise as the trip
 * board page (`?package=N` adds that package's checkout links); `/t/:trip_id/also/:event` is
 * the same request built around another matching event. `/t/:trip_id/go/:package/:item` asks Tutu for a fresh checkout link at click time
 * and redirects to it; when that live call fails it shows the search results instead, honestly
 * labelled. A malformed or altered ID is a 400, never a 500.
 *
 * Any other address answers zaezd's own 404 page, in Russian, with the way back.
 *
 * Pages carry no script, except the trip board: its page may run the board's own script from
 * /assets/ and load map tiles from the tile server, and nothing else. Every page reads without
 * it; the board's script adds the map.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { htmlDocument, refuseMalformedInput, securityHeaders } from '@agent-products/kit/web';
import type { AppEnv } from '@agent-products/kit/http';
import { ToolError, errorEnvelope } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { tileOrigin } from '../config.ts';
import type { TripPlanner } from '../trips/trip-planner.ts';
import type { TutuClient } from '../tutu/index.ts';
import { boardAssets } from './board-assets.ts';
import type { TileSettings } from './board/board-map.ts';
import { AgentsPage } from './agents-page.tsx';
import { HomePage } from './home-page.tsx';
import { runSearch } from './search-route.ts';
import { decodeTripId, encodeTripId } from '../trips/trip-id.ts';
import { STYLESHEET_PATH } from './layout.tsx';
import { CheckoutFallbackPage, NotFoundPage, TripProblemPage } from './problem-pages.tsx';
import { SITE_CSS } from './site-css.ts';
import { tripBoardState } from './trip-board-state.ts';
import { BOARD_SCRIPT_PATH, BOARD_STYLESHEET_PATH, TripPage } from './trip-page.tsx';

export interface WebRoutesOptions {
  planner: TripPlanner;
  tutu: TutuClient;
  now: () => Date;
  tiles: TileSettings;
}

const BOARD_PAGE = /^\/t\/[^/]+$/;

/** Versioned URLs (`?v=<hash>`) change with their content, so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each problem in the traveller's words: what happened, and what to do about it. */
const PROBLEMS: Readonly<Record<string, { title: string; explanation: string }>> = {
  invalid_trip_id: {
    title: 'Адрес поездки не читается',
    explanation: 'Похоже, ссылка скопирована не целиком или изменена. Откройте её заново из сообщения агента или найдите поездку ещё раз.',
  },
  unknown_package: { title: 'Такого варианта нет', explanation: 'В этой поездке нет варианта с таким номером.' },
  event_not_found: {
    title: 'Мероприятия больше нет в афише',
    explanation: 'Мероприятие, вокруг которого собрана поездка, исчезло из афиши. Найдите поездку заново.',
  },
  trip_in_past: { title: 'Эта поездка уже в прошлом', explanation: 'Даты поездки прошли. Найдите новую.' },
  upstream_unavailable: {
    title: 'Туту не отвечает',
    explanation: 'Поездку собирают заново при каждом открытии, а Туту сейчас не отвечает. Попробуйте через минуту.',
  },
  upstream_busy: {
    title: 'Туту сейчас перегружен',
    explanation: 'Поездку собирают заново при каждом открытии, а Туту просит подождать. Попробуйте через минуту.',
  },
  events_unavailable: { title: 'Афиша не отвечает', explanation: 'Источник мероприятий сейчас не отвечает. Попробуйте через минуту.' },
};
const MALFORMED_PROBLEM = {
  title: 'Запрос не читается',
  explanation: 'В запросе есть то, что не может быть текстом (нулевой символ или испорченная кодировка). Исправьте запрос или найдите поездку заново.',
};
const OTHER_PROBLEM = { title: 'С этим запросом что-то не так', explanation: 'Проверьте ссылку или найдите поездку заново.' };

function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

async function problem(c: Context<AppEnv>, error: ToolError, tripId?: string): Promise<Response> {
  const status = error.status as ContentfulStatusCode;
  const headers = status === 503 ? { 'Retry-After': '10' } : undefined;
  if (wantsJson(c)) return c.json(errorEnvelope(error, c.get('correlationId')), status, headers);
  const { title, explanation } = PROBLEMS[error.code] ?? OTHER_PROBLEM;
  return c.html(
    htmlDocument(<TripProblemPage title={title} explanation={explanation} message={error.message} {...(tripId ? { tripId } : {})} />),
    status,
    headers,
  );
}

export function registerWebRoutes(app: Hono<AppEnv>, options: WebRoutesOptions): void {
  const { planner, tutu, now } = options;
  // Any other address: zaezd's own page in Russian with the way back (JSON for a client that asks for it).
  app.notFound((c) => {
    const error = fail('not_found', 'There is no page at this address.');
    if (wantsJson(c)) return c.json(errorEnvelope(error, c.get('correlationId')), 404);
    return c.html(htmlDocument(<NotFoundPage />), 404);
  });
  const pageHeaders = securityHeaders();
  const boardPageHeaders = securityHeaders(
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: ${tileOrigin(options.tiles.url)}; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  app.use('*', (c, next) => (BOARD_PAGE.test(c.req.path) ? boardPageHeaders(c, next) : pageHeaders(c, next)));
  // A trip page is rebuilt with live prices each time, and its outgoing links carry offer references.
  app.use('/t/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });

  // A NUL or broken UTF-8 in a search is a 400 naming the field, before Tutu or the events
  // source is asked anything about it. A trip address is read by its own decoder, which answers
  // anything but a well-formed trip_id with invalid_trip_id (trip-pages.test.ts).
  app.use(
    '/search',
    refuseMalformedInput({
      page: (problem) =>
        htmlDocument(<TripProblemPage title={MALFORMED_PROBLEM.title} explanation={MALFORMED_PROBLEM.explanation} message={problem.message} />),
    }),
  );

  app.get(STYLESHEET_PATH, (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));

  app.get(BOARD_SCRIPT_PATH, async (c) =>
    c.body((await boardAssets()).pageScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': IMMUTABLE }),
  );
  app.get(BOARD_STYLESHEET_PATH, async (c) =>
    c.body((await boardAssets()).stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': IMMUTABLE }),
  );

  app.get('/', (c) => c.html(htmlDocument(<HomePage upstreamIsStandIn={tutu.isStandIn} now={now()} />)));
  app.get('/agents', (c) => c.html(htmlDocument(<AgentsPage upstreamIsStandIn={tutu.isStandIn} />)));

  app.get('/search', async (c) => {
    const outcome = await runSearch(c, planner, now());
    if ('tripPath' in outcome) return c.redirect(outcome.tripPath, 303);
    return c.html(htmlDocument(<HomePage upstreamIsStandIn={tutu.isStandIn} now={now()} fields={outcome.fields} problem={outcome.problem} />), outcome.status);
  });

  app.get('/t/:tripId', async (c) => {
    const tripId = c.req.param('tripId');
    try {
      c.header('Vary', 'Accept');
      if (wantsJson(c)) return c.json(await planner.reproduce(tripId, now()));
      const asked = Number(c.req.query('package'));
      const checkoutPackage = Number.isInteger(asked) && asked >= 1 && asked <= 3 ? asked : null;
      const [state, assets] = await Promise.all([tripBoardState(planner, tripId, now(), checkoutPackage), boardAssets()]);
      return c.html(htmlDocument(<TripPage state={state} tiles={options.tiles} assetsVersion={assets.version} />));
    } catch (error) {
      if (error instanceof ToolError) return problem(c, error);
      throw error;
    }
  });

  // A package's checkout links as JSON (create_trip_checkout's answer), for the board's script to
  // draw in place; without a script, `/t/:id?package=N` renders the board with them.
  app.get('/t/:tripId/checkout/:package', async (c) => {
    const packageNumber = Number(c.req.param('package'));
    try {
      if (!Number.isInteger(packageNumber) || packageNumber < 1 || packageNumber > 3) {
        throw fail('unknown_package', 'The package number must be 1, 2 or 3.');
      }
      return c.json(await planner.checkout(c.req.param('tripId'), packageNumber, now()));
    } catch (error) {
      if (error instanceof ToolError) return c.json(errorEnvelope(error, c.get('correlationId')), error.status as ContentfulStatusCode);
      throw error;
    }
  });

  app.get('/t/:tripId/also/:eventId', async (c) => {
    const tripId = c.req.param('tripId');
    try {
      const trip = await planner.reproduce(tripId, now());
      const other = trip.other_events.find((o) => o.id === c.req.param('eventId'));
      if (!other) return problem(c, fail('event_not_found', 'This trip lists no other event with that id.'), tripId);
      const { request } = decodeTripId(tripId);
      // biome-ignore lint/complexity/useMathMinMax: ISO dates compared as strings; Math.max would give NaN.
      const day = other.starts_at.slice(0, 10) < request.dateFrom ? request.dateFrom : other.starts_at.slice(0, 10);
      const otherId = encodeTripId({ request, event: { source: trip.event?.source ?? 'bundled', id: other.id, day } });
      return c.redirect(`/t/${otherId}`, 303);
    } catch (error) {
      if (error instanceof ToolError) return problem(c, error, tripId);
      throw error;
    }
  });

  app.get('/t/:tripId/go/:package/:item', async (c) => {
    const tripId = c.req.param('tripId');
    const packageNumber = Number(c.req.param('package'));
    if (!Number.isInteger(packageNumber) || packageNumber < 1 || packageNumber > 3) {
      return problem(c, fail('unknown_package', 'The package number must be 1, 2 or 3.'), tripId);
    }
    try {
      const link = await planner.freshLink(tripId, packageNumber, c.req.param('item'), now());
      if (link.status === 'link' && link.url) {
        return c.redirect(link.url, 302);
      }
      // Tutu's own words are for the log; the traveller gets what it means for them, in Russian.
      c.get('log').warn({ item: link.item, package: packageNumber, problem: link.problem }, 'no checkout link from Tutu; offering its search instead');
      return c.html(
        htmlDocument(<CheckoutFallbackPage tripId={tripId} item={link.item} price={link.price} searchUrl={link.search_results_url} searchLabel={link.label} />),
        502,
      );
    } catch (error) {
      if (error instanceof ToolError) return problem(c, error, tripId);
      throw error;
    }
  });
}
