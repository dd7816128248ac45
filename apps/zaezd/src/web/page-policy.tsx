/**
 * What every zaezd web answer gets before and after its route: the security headers (pages carry
 * no script, except the trip board, whose page may run the board's own script from /assets/ and
 * load map tiles from the tile server, and nothing else), no caching and no referrer for a trip
 * (rebuilt with live prices each time, its links carrying offer references), a search refused
 * before anything is asked when it cannot be text, and zaezd's own 404 for any other address.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { errorEnvelope } from '@agent-products/kit/errors';
import { htmlDocument, refuseMalformedInput, securityHeaders } from '@agent-products/kit/web';
import { tileOrigin } from '../config.ts';
import { fail } from '../errors.ts';
import type { TileSettings } from './board/board-map.ts';
import { NotFoundPage, TripProblemPage } from './problem-pages.tsx';
import { wantsJson } from './trip-problem-answer.tsx';

const BOARD_PAGE = /^\/t\/[^/]+$/;

const MALFORMED_PROBLEM = {
  title: 'Запрос не читается',
  explanation: 'В запросе есть то, что не может быть текстом (нулевой символ или испорченная кодировка). Исправьте запрос или найдите поездку заново.',
};

export function mountPagePolicy(app: Hono<AppEnv>, tiles: TileSettings): void {
  // Any other address: zaezd's own page in Russian with the way back (JSON for a client that asks for it).
  app.notFound((c) => {
    const error = fail('not_found', 'There is no page at this address.');
    if (wantsJson(c)) return c.json(errorEnvelope(error, c.get('correlationId')), 404);
    return c.html(htmlDocument(<NotFoundPage />), 404);
  });
  const pageHeaders = securityHeaders();
  const boardPageHeaders = securityHeaders(
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: ${tileOrigin(tiles.url)}; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
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
}
