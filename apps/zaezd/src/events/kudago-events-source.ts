/**
 * Events from KudaGo's public API (v1.4, no key): one `events/` request per covered city in the
 * date range, in parallel, narrowed by the categories the topics imply and then matched on topics
 * like the bundled source. KudaGo covers five of zaezd's cities; the others are reported as not
 * covered rather than silently skipped. A city whose request fails is reported too, and the
 * others still count. Answers are cached for a few minutes.
 */
import * as z from 'zod';
import { addDays, formatLocal, localDateOf } from '../calendar.ts';
import { CITIES, cityByKey, type City, type CityKey } from '../geo/cities.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import type { EventOccurrence, EventQuery, EventRef, EventSearch, EventsSource } from './event.ts';
import { fitOf } from './match-event.ts';
import { topicOfWord, words, type TopicKey } from './topics.ts';

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
const KudagoEvent = z.looseObject({
  id: z.number(),
  title: z.string(),
  description: z.string().nullish(),
  dates: z.array(z.looseObject({ start: z.number().nullish(), end: z.number().nullish() })),
  place: KudagoPlace.nullish(),
  location: z.looseObject({ slug: z.string() }).nullish(),
  categories: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  price: z.string().nullish(),
  is_free: z.boolean().nullish(),
  site_url: z.string().nullish(),
});
type KudagoEvent = z.infer<typeof KudagoEvent>;
const KudagoPage = z.looseObject({ results: z.array(z.unknown()) });

/** A KudaGo link is passed on only when it is a web address (no javascript:, data: or the like). */
function webLink(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol } = new URL(url);
  return protocol === 'https:' || protocol === 'http:' ? url : null;
}

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&[a-z]+;/g, ' ').replace(/\s+/g, ' ').trim();
}

function topicsOf(event: KudagoEvent): TopicKey[] {
  const topics = new Set<TopicKey>();
  for (const category of event.categories ?? []) if (CATEGORY_TOPICS[category]) topics.add(CATEGORY_TOPICS[category]);
  for (const tag of event.tags ?? []) for (const word of words(tag)) {
    const topic = topicOfWord(word);
    if (topic) topics.add(topic);
  }
  return [...topics];
}

function unixStartOf(date: string, city: City): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000 - city.utcOffsetHours * 3600;
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
      for (const item of answer.value) {
        const event = KudagoEvent.safeParse(item);
        if (!event.success || !event.data.place) {
          skipped += 1;
          continue;
        }
        if (fitOf({ topics: topicsOf(event.data), title: event.data.title, description: event.data.description ?? '' }, query.topics, query.freeWords).score === 0) continue;
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

  private async cityEvents(city: City, from: string, to: string, categories: string[]): Promise<unknown[]> {
    const body = await this.get('events/', {
      lang: 'ru',
      location: city.kudagoSlug!,
      actual_since: String(unixStartOf(from, city)),
      actual_until: String(unixStartOf(addDays(to, 1), city)),
      fields: FIELDS,
      expand: 'place,dates',
      text_format: 'text',
      page_size: '100',
      ...(categories.length > 0 ? { categories: categories.join(',') } : {}),
    });
    const page = KudagoPage.safeParse(body);
    if (!page.success) throw new Error('the answer had no results list');
    return page.data.results;
  }

  private occurrences(event: KudagoEvent, city: City, from: string, to: string): EventOccurrence[] {
    const place = event.place!;
    return event.dates.flatMap((span) => {
      const start = span.start ?? undefined;
      if (start === undefined || start < PLAUSIBLE_SECONDS.min || start > PLAUSIBLE_SECONDS.max) return [];
      const end = span.end && span.end > start && span.end < PLAUSIBLE_SECONDS.max ? span.end : start + 3 * 3600;
      const startsAt = formatLocal(start * 1000, city.utcOffsetHours);
      const endsAt = formatLocal(end * 1000, city.utcOffsetHours);
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
          datesNote: 'Dates from KudaGo’s live listing.',
        },
      ];
    });
  }

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const { value } = await this.cache.getOrCompute(url.toString(), async () => {
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
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
