/**
 * The traveler's downloads beside the plan page: the days as a calendar file (from the first day
 * the traveler gives, as on the page) and the points as a GPX file for offline map apps, the whole
 * plan's or one day's. Same capability, lifetime and privacy as the page they belong to: they
 * answer only while the link is live, are never cached or indexed, and never send a referrer.
 */
import type { Context, Hono } from 'hono';
import { htmlDocument } from '@agent-products/kit/web';
import type { AppEnv } from '@agent-products/kit/http';
import type { PageRepository } from '../planning/page-repository.ts';
import { ChengduPage } from './layout.tsx';
import { planCalendar } from './plan-calendar.ts';
import { planPointsGpx } from './plan-points-gpx.ts';
import { GonePage, startDateFrom } from './traveler-page.tsx';

export function registerPlanDownloadRoutes(app: Hono<AppEnv>, o: { pages: PageRepository; clock: () => Date; publicUrl: string }): void {
  app.get('/p/:token/calendar.ics', async (c) => {
    const token = c.req.param('token');
    const found = await livePage(c, o, token);
    if (found instanceof Response) return found;
    const start = startDateFrom(c.req.query('start'));
    if (!start) return askForStart(c, token);
    return c.body(planCalendar(found, start, pageUrl(o.publicUrl, token)), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="chengdu-days.ics"',
    });
  });

  app.get('/p/:token/points.gpx', async (c) => {
    const token = c.req.param('token');
    const found = await livePage(c, o, token);
    if (found instanceof Response) return found;
    const asked = c.req.query('day');
    const day = asked === undefined ? undefined : Number(asked);
    if (day !== undefined && !found.days.some((d) => String(d.day) === asked)) {
      return c.html(htmlDocument(<GonePage reason="missing" />), 404);
    }
    const filename = day === undefined ? 'chengdu-points.gpx' : `chengdu-day-${day}-points.gpx`;
    return c.body(planPointsGpx(found, pageUrl(o.publicUrl, token), day), 200, {
      'Content-Type': 'application/gpx+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });
}

function pageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/p/${encodeURIComponent(token)}`;
}

/** The live page's snapshot, or the page a traveler gets for a link that no longer works. */
async function livePage(c: Context<AppEnv>, o: { pages: PageRepository; clock: () => Date }, token: string) {
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'no-store');
  const found = await o.pages.lookup(token, o.clock());
  if (found.state === 'live') return found.snapshot;
  return c.html(htmlDocument(<GonePage reason={found.state} />), found.state === 'missing' ? 404 : 410);
}

/** A calendar needs dates: without a readable first day, say so and lead back to the page's date form. */
function askForStart(c: Context<AppEnv>, token: string) {
  const back = `/p/${encodeURIComponent(token)}#dates`;
  return c.html(
    htmlDocument(
      <ChengduPage title="Pick the first day of your trip" robots="noindex" nav="traveler">
        <h1>Pick the first day of your trip</h1>
        <p>
          The calendar file puts each day of the plan on a date, so it needs the first day of your trip. <a href={back}>Give it on the plan’s page</a>, then
          download the calendar from there.
        </p>
      </ChengduPage>,
    ),
    400,
  );
}
