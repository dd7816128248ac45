/**
 * Events from KudaGo's public API (v1.4, no key): the `events/` listing of each covered city in
 * the date range, in parallel, narrowed by the categories the topics imply and then matched on
 * topics like the bundled source. Each listing is read page by page, following `next` until the
 * window is covered or a page limit is reached — then the coverage note says how many events were
 * left unread. Dates are read as KudaGo documents them: a continuous event runs from start to end,
 * an endless one has no end, a startless one is already running, and a missing end is not
 * invented (no made-up three-hour session). KudaGo covers five of zaezd's cities; the others are
 * reported as not covered rather than silently skipped. A city whose request fails is reported
 * too, and the others still count. Answers are cached for a few minutes.
 */
import * as z from 'zod';
import { addDays, formatLocal, localDateOf } from '../calendar.ts';
import { CITIES, cityByKey, type City, type CityKey } from '../geo/cities.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import type { EventOccurrence, EventQuery, EventRef, EventSearch, EventsSource } from './event.ts';
import { fitOf } from './match-event.ts';
import { topicOfWord, words, type TopicKey } from './topics.ts';
import { tracedFetch } from '@agent-products/kit/observe';

export interface KudagoOptions {
  /** e.g. https://kudago.com/public-api/v1.4 */
  baseUrl: string;
  timeoutMs: number;
  cacheTtlMs: number;
}

const CATEGORY_TOPICS: Readonly<Record<string, TopicKey>> = {
  concert: 'concert',
  festival: 'festival',
  theater: 'theatre',
  exhibition: 'exhibition',
  party: 'party',
  cinema: 'film',
};

const TOPIC_CATEGORIES: Readonly<Record<TopicKey, string[]>> = {
  concert: ['concert'],
  festival: ['festival'],
  jazz: ['concert', 'festival'],
  rock: ['concert', 'festival'],
  classical: ['concert', 'festival'],
  music: ['concert', 'festival'],
  opera: ['theater', 'concert'],
  ballet: ['theater'],
  theatre: ['theater'],
  exhibition: ['exhibition'],
  film: ['cinema', 'festival'],
  party: ['party'],
};

const FIELDS = 'id,title,short_title,slug,dates,place,description,location,categories,tags,price,is_free,site_url';
/** KudaGo uses far-past and far-future sentinels for "permanent"; real dates fall in this window. */
const PLAUSIBLE_SECONDS = { min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 };

const KudagoPlace = z.looseObject({
  title: z.string(),
  address: z.string().nullish(),
  coords: z.looseObject({ lat: z.number(), lon: z.number() }),
  location: z.string().nullish(),
});
const KudagoDate = z.looseObject({
  start: z.number().nullish(),
  end: z.number().nullish(),
  is_continuous: z.boolean().nullish(),
  is_endless: z.boolean().nullish(),
  is_startless: z.boolean().nullish(),
});
type KudagoDate = z.infer<typeof KudagoDate>;
const KudagoEvent = z.looseObject({
  id: z.number(),
  title: z.string(),
  description: z.string().nullish(),
  dates: z.array(KudagoDate),
  place: KudagoPlace.nullish(),
  location: z.looseObject({ slug: z.string() }).nullish(),
  categories: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  price: z.string().nullish(),
  is_free: z.boolean().nullish(),
  site_url: z.string().nullish(),
});
type KudagoEvent = z.infer<typeof KudagoEvent>;
const KudagoPage = z.looseObject({ count: z.number().int().nonnegative().nullish(), next: z.string().nullish(), results: z.array(z.unknown()) });

/** Pages of 100 read per city at most: enough for a month of a big city's matching categories. */
export const KUDAGO_MAX_PAGES = 5;
const PAGE_SIZE = 100;

interface CityListing {
  results: unknown[];
  /** Events KudaGo listed but zaezd did not read (past the page limit). */
  unread: number;
}

/** One date span of an event, read as KudaGo documents its flags. */
interface Span {
  start: number;
  end: number;
  note: string | null;
}

/** A KudaGo link is passed on only when it is a web address (no javascript:, data: or the like). */
function webLink(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol } = new URL(url);
  return protocol === 'https:' || protocol === 'http:' ? url : null;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function topicsOf(event: KudagoEvent): TopicKey[] {
  const topics = new Set<TopicKey>();
  for (const category of event.categories ?? []) if (CATEGORY_TOPICS[category]) topics.add(CATEGORY_TOPICS[category]);
  for (const tag of event.tags ?? [])
    for (const word of words(tag)) {
      const topic = topicOfWord(word);
      if (topic) topics.add(topic);
    }
  return [...topics];
}

function unixStartOf(date: string, city: City): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000 - city.utcOffsetHours * 3600;
}

function plausible(seconds: number | null | undefined): seconds is number {
  return typeof seconds === 'number' && seconds >= PLAUSIBLE_SECONDS.min && seconds <= PLAUSIBLE_SECONDS.max;
}

/**
 * A date span within the window [windowStart, windowEnd]: `is_startless` (or no real start) means
 * already running, `is_endless` (or no real end on a continuous event) means running past the
 * window; a one-off session without an end is kept as its start time alone.
 */
function spanOf(date: KudagoDate, windowStart: number, windowEnd: number): Span | undefined {
  const start = date.is_startless || !plausible(date.start) ? null : date.start;
  const end = date.is_endless || !plausible(date.end) ? null : date.end;
  const open = date.is_continuous || date.is_startless || date.is_endless;
  if (start === null && end === null) {
    return open
      ? {
          start: windowStart,
          end: windowEnd,
          note: 'KudaGo lists it as running without fixed start or end dates; the visit uses the dates asked for, and opening hours are not known.',
        }
      : undefined;
  }
  if (start === null) return { start: windowStart, end: end!, note: 'Already running (KudaGo gives no start date); opening hours are not known.' };
  if (end === null) {
    return open
      ? { start, end: windowEnd, note: 'KudaGo lists no end date; it runs past the dates asked for.' }
      : { start, end: start, note: 'KudaGo gives no end time for this session.' };
  }
  return { start, end: Math.max(start, end), note: date.is_continuous ? 'Runs continuously between these dates (KudaGo); opening hours are not known.' : null };
}

export class KudagoEventsSource implements EventsSource {
  readonly name = 'kudago' as const;
  readonly description = 'KudaGo public API (live listings for Москва, Санкт-Петербург, Екатеринбург, Казань, Нижний Новгород)';
  private readonly cache: TtlCache<unknown>;

  constructor(private readonly options: KudagoOptions) {
    this.cache = new TtlCache(options.cacheTtlMs);
  }

  async search(query: EventQuery): Promise<EventSearch> {
    const covered = query.cities.map(cityByKey).filter((c) => c.kudagoSlug !== null);
    const uncovered = query.cities.map(cityByKey).filter((c) => c.kudagoSlug === null);
    const categories = [...new Set(query.topics.flatMap((t) => TOPIC_CATEGORIES[t]))];
    const answers = await Promise.allSettled(covered.map((city) => this.cityEvents(city, query.from, query.to, categories)));
    const occurrences: EventOccurrence[] = [];
    const gaps: string[] = [];
    if (uncovered.length > 0) gaps.push(`KudaGo does not cover ${uncovered.map((c) => c.nameRu).join(', ')}; events there were not searched.`);
    let skipped = 0;
    answers.forEach((answer, index) => {
      const city = covered[index]!;
      if (answer.status === 'rejected') {
        gaps.push(`KudaGo did not answer for ${city.nameRu} (${(answer.reason as Error).message}); events there are missing.`);
        return;
      }
      if (answer.value.unread > 0) {
        gaps.push(
          `KudaGo listed ${answer.value.results.length + answer.value.unread} event(s) for ${city.nameRu}; ${answer.value.unread} beyond the first ${answer.value.results.length} were not read (at most ${KUDAGO_MAX_PAGES} pages).`,
        );
      }
      for (const item of answer.value.results) {
        const event = KudagoEvent.safeParse(item);
        if (!event.success || !event.data.place) {
          skipped += 1;
          continue;
        }
        if (
          fitOf({ topics: topicsOf(event.data), title: event.data.title, description: event.data.description ?? '' }, query.topics, query.freeWords).score === 0
        )
          continue;
        occurrences.push(...this.occurrences(event.data, city, query.from, query.to));
      }
    });
    if (skipped > 0) gaps.push(`${skipped} KudaGo event(s) without a venue or readable dates were left out.`);
    return {
      occurrences,
      gaps,
      searched: `${this.description}: ${occurrences.length} matching occurrence(s) in ${covered.map((c) => c.nameRu).join(', ') || 'no covered city'} between ${query.from} and ${query.to}`,
    };
  }

  async find(ref: EventRef): Promise<EventOccurrence | undefined> {
    const body = await this.get(`events/${encodeURIComponent(ref.id)}/`, { lang: 'ru', fields: FIELDS, expand: 'place,dates', text_format: 'text' });
    const event = KudagoEvent.safeParse(body);
    const city = CITIES.find((c) => c.kudagoSlug !== null && c.kudagoSlug === event.data?.location?.slug);
    if (!event.success || !event.data.place || !city) return undefined;
    return this.occurrences(event.data, city, ref.day, ref.day)[0];
  }

  /** A city's listing, page by page along `next` (on KudaGo's own host only), up to the page limit. */
  private async cityEvents(city: City, from: string, to: string, categories: string[]): Promise<CityListing> {
    let url: URL | undefined = this.url('events/', {
      lang: 'ru',
      location: city.kudagoSlug!,
      actual_since: String(unixStartOf(from, city)),
      actual_until: String(unixStartOf(addDays(to, 1), city)),
      fields: FIELDS,
      expand: 'place,dates',
      text_format: 'text',
      page_size: String(PAGE_SIZE),
      ...(categories.length > 0 ? { categories: categories.join(',') } : {}),
    });
    const results: unknown[] = [];
    let count: number | undefined;
    for (let page = 0; url && page < KUDAGO_MAX_PAGES; page += 1) {
      const parsed = KudagoPage.safeParse(await this.fetchJson(url));
      if (!parsed.success) throw new Error('the answer had no results list');
      results.push(...parsed.data.results);
      count ??= parsed.data.count ?? undefined;
      url = parsed.data.next ? this.sameHost(parsed.data.next) : undefined;
      if (parsed.data.next && !url) break;
      if (!parsed.data.next) return { results, unread: 0 };
    }
    return { results, unread: Math.max(0, (count ?? results.length) - results.length) };
  }

  private occurrences(event: KudagoEvent, city: City, from: string, to: string): EventOccurrence[] {
    const place = event.place!;
    const windowStart = unixStartOf(from, city);
    const windowEnd = unixStartOf(addDays(to, 1), city) - 60;
    return event.dates.flatMap((date) => {
      const span = spanOf(date, windowStart, windowEnd);
      if (!span) return [];
      const startsAt = formatLocal(span.start * 1000, city.utcOffsetHours);
      const endsAt = formatLocal(span.end * 1000, city.utcOffsetHours);
      if (localDateOf(endsAt) < from || localDateOf(startsAt) > to) return [];
      return [
        {
          source: 'kudago' as const,
          id: String(event.id),
          title: event.title.charAt(0).toUpperCase() + event.title.slice(1),
          description: plainText(event.description ?? ''),
          topics: topicsOf(event),
          city: city.key as CityKey,
          venue: { name: place.title, address: place.address ?? city.nameRu, lat: place.coords.lat, lon: place.coords.lon },
          startsAt,
          endsAt,
          url: webLink(event.site_url),
          priceNote: event.is_free ? 'Free entry (KudaGo).' : event.price ? `Tickets: ${event.price} (KudaGo).` : null,
          datesNote: span.note ? `Dates from KudaGo’s live listing. ${span.note}` : 'Dates from KudaGo’s live listing.',
        },
      ];
    });
  }

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  /** A `next` link, followed only on the configured KudaGo origin. */
  private sameHost(link: string): URL | undefined {
    if (!URL.canParse(link)) return undefined;
    const url = new URL(link);
    return url.origin === new URL(this.options.baseUrl).origin ? url : undefined;
  }

  private get(path: string, params: Record<string, string>): Promise<unknown> {
    return this.fetchJson(this.url(path, params));
  }

  private async fetchJson(url: URL): Promise<unknown> {
    const { value } = await this.cache.getOrCompute(url.toString(), async () => {
      let response: Response;
      try {
        response = await tracedFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
      } catch (error) {
        throw new Error((error as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : 'unreachable');
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      try {
        return (await response.json()) as unknown;
      } catch {
        throw new Error('the answer was not JSON');
      }
    });
    return value;
  }
}
