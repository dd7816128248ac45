/**
 * The traveller's Russian for what the trips' answers say in English for agents: hotel
 * cancellation, baggage, the weather's source and reasons, KudaGo's notes, the "not found"
 * lines, station names without Tutu's codes. The answers keep their English (the agent's
 * channel); the board reads each sentence's known form and says it in Russian. A sentence of no
 * known form is never shown in English: it becomes a Russian line saying what kind of thing it
 * is, and the agent, which has the English, can tell the rest.
 */
import * as words from '../../wording.ts';
import { m, type Markup } from './markup.ts';

/** The UTC offset a local date-time carries («2026-12-03T19:00:00+03:00» → +180 minutes); null without one. */
export function offsetMinutes(localDateTime: string): number | null {
  const found = /([+-])(\d{2}):(\d{2})$/.exec(localDateTime);
  if (!found) return null;
  return (found[1] === '-' ? -1 : 1) * (Number(found[2]) * 60 + Number(found[3]));
}

/** An instant («…Z» or with any offset) as the local date-time at `offset` minutes, «YYYY-MM-DDTHH:MM». */
function shifted(instant: string, offset: number): string | null {
  const at = Date.parse(instant);
  if (!Number.isFinite(at)) return null;
  return new Date(at + offset * 60_000).toISOString().slice(0, 16);
}

/** «Бесплатная отмена до 14:00, чт, 3 декабря (время площадки)» from Tutu's «Free cancellation until <instant>.». */
export function cancellationRu(note: string, eventStartsAt: string | null): string | null {
  const until = /^Free cancellation until (\S+?)\.?$/.exec(note.trim())?.[1];
  if (!until) return null;
  const offset = eventStartsAt ? offsetMinutes(eventStartsAt) : null;
  const local = shifted(until, offset ?? 180);
  if (!local) return null;
  return `Бесплатная отмена до ${words.moment(local)} по местному времени`;
}

/** The flight's baggage line as the trips' notes word it: «no checked bag…», «1 checked bag(s) up to 23 kg…». */
export function baggageRu(text: string): string {
  if (/^no checked bag/.test(text)) return 'в самом дешёвом тарифе багажа нет, только ручная кладь';
  const found = /^(\d+) checked bag\(s\)(?: up to (\d+(?:\.\d+)?) kg)?/.exec(text);
  if (!found) return 'условия багажа — на странице тарифа у Туту';
  const pieces = words.plural(Number(found[1]), ['место', 'места', 'мест']);
  return `в самом дешёвом тарифе ${pieces} багажа${found[2] ? ` до ${found[2].replace('.', ',')} кг` : ''}`;
}

/** The weather's source: Open-Meteo by name (a Latin name, marked as such), the rest in Russian. */
export function weatherSourceRu(source: string): Markup[] {
  return source.startsWith('Open-Meteo') ? [m('span', { lang: 'en' }, 'Open-Meteo (open-meteo.com)'), ', прогноз по дням'] : ['внешний сервис погоды'];
}

/** Why there is no forecast, in Russian. */
export function weatherReasonRu(reason: string): string {
  const early = /^No forecast yet: Open-Meteo forecasts (\d+) days ahead .*Ask again from (\d{4}-\d{2}-\d{2})/.exec(reason);
  if (early) return `Open-Meteo даёт прогноз на ${early[1]} дней вперёд; он появится с ${words.fullDay(early[2]!)}.`;
  if (reason.startsWith('The event dates are in the past')) return 'Даты мероприятия уже прошли.';
  return 'Сервис погоды сейчас не ответил.';
}

/**
 * An event's dates note in Russian: KudaGo's («Dates from KudaGo’s live listing. …», as
 * kudago-events-source.ts words them) by what they say; null for any other, which is left out —
 * a bundled event's description already ends with it in Russian.
 */
export function datesNoteRu(note: string): string | null {
  if (/[А-Яа-яЁё]/.test(note) && !words.isLatinText(note)) return note;
  if (!note.startsWith('Dates from KudaGo')) return null;
  const parts = ['Даты — из афиши KudaGo'];
  if (/without fixed start or end/.test(note)) parts.push('твёрдых дат нет, поездка собрана на ваши даты');
  if (/no start date/.test(note)) parts.push('событие уже идёт');
  if (/no end date/.test(note)) parts.push('дата окончания не указана');
  if (/no end time/.test(note)) parts.push('время окончания сеанса не указано');
  if (/Runs continuously/.test(note)) parts.push('идёт непрерывно');
  if (/opening hours are not known/.test(note)) parts.push('часы работы неизвестны');
  return `${parts.join('; ')}.`;
}

/** KudaGo's ticket note («Free entry (KudaGo).», «Tickets: <KudaGo's own words> (KudaGo).») in Russian. */
export function priceNoteRu(note: string): string | null {
  if (note.startsWith('Free entry')) return 'Вход свободный (по данным KudaGo).';
  const price = /^Tickets: (.+) \(KudaGo\)\.$/.exec(note)?.[1];
  if (price && !words.isLatinText(price)) return `Билеты: ${price} (по данным KudaGo).`;
  return null;
}

/** «Москва Ленинградский вокзал» from Tutu's «Москва — Москва Ленинградский вокзал (2022847)»: no station code, the city said once. */
export function stationRu(name: string): string {
  const bare = name.replace(/\s*\(\d+\)\s*$/, '').trim();
  const dash = bare.indexOf(' — ');
  if (dash > 0) {
    const city = bare.slice(0, dash);
    const station = bare.slice(dash + 3);
    if (station.startsWith(city)) return station;
  }
  return bare;
}

/** Which search a "not found" line is about, from the subject the coverage note gives it. */
function searchRu(what: string): string {
  if (what.startsWith('Trains ')) {
    const route = /^Trains (.+?) → (.+?) on (\d{4}-\d{2}-\d{2})/.exec(what);
    return route ? `Поезда ${route[1]} → ${route[2]} на ${words.day(route[3]!)}` : 'Поезда';
  }
  if (what.startsWith('Round-trip flights')) return 'Авиабилеты туда и обратно';
  if (what.startsWith('Hotels in ')) {
    const city = /^Hotels in (.+?),/.exec(what)?.[1];
    return /overnight trains/.test(what) ? `Отели${city ? ` в городе ${city}` : ''} (для ночного поезда)` : `Отели${city ? ` в городе ${city}` : ''}`;
  }
  return 'Поиск';
}

function topicsRu(list: string): string {
  return list
    .split(' + ')
    .map((t) => (t.startsWith('"') ? t.replaceAll('"', '«').replace(/«$/, '»') : words.topicRu(t)))
    .join(' + ');
}

type Form = readonly [RegExp, (found: RegExpExecArray) => string];

/**
 * Each common form of a "not found" line (coverage-note.ts, the events sources, the package
 * builder) and its Russian. Rare ones (unreadable rows, places of the same name, KudaGo's own
 * failures) take the generic line: the widget's script has a size budget.
 */
const NOT_FOUND_FORMS: readonly Form[] = [
  [
    /^No event matching (.+) was found in the cities and dates searched\.$/,
    (f) => `Ни одного мероприятия по запросу ${topicsRu(f[1]!)} в этих городах и датах не нашлось.`,
  ],
  [
    /^No event matches all of (.+) in the dates searched; the closest matches (.+) but not (.+)\.$/,
    (f) => `Мероприятия сразу на все темы (${topicsRu(f[1]!)}) в эти даты нет; ближайшее подходит под «${topicsRu(f[2]!)}», но не под «${topicsRu(f[3]!)}».`,
  ],
  [
    /^«(.+)» \((.+), (\d{4}-\d{2}-\d{2})\) ranked higher/,
    (f) => `«${f[1]}» (${f[2]}, ${words.day(f[3]!)}) подходило лучше, но Туту не нашёл к нему дороги туда и обратно с отелем.`,
  ],
  [
    /^«(.+)» \((.+), (\d{4}-\d{2}-\d{2})\) was tried too/,
    (f) => `«${f[1]}» (${f[2]}, ${words.day(f[3]!)}) тоже проверили: дороги туда и обратно с отелем нет и к нему.`,
  ],
  [
    /^No events were searched: the window ends/,
    () => 'Мероприятия не искали: окно поиска кончается слишком рано — выезд должен быть не раньше завтрашнего дня.',
  ],
  [
    /^(.+?): not searched — Tutu sells .+? for at most (\d+) traveller/,
    (f) => `${searchRu(f[1]!)}: не искали — Туту продаёт их не больше чем на ${f[2]} человек за раз.`,
  ],
  [/^(.+?): not searched successfully — /, (f) => `${searchRu(f[1]!)}: поиск не удался, Туту не ответил как следует.`],
  [
    /^(.+?): Tutu says “(.+)”$/,
    (f) => `${searchRu(f[1]!)}: ${/[А-Яа-яЁё]/.test(f[2]!) ? `Туту отвечает: «${f[2]}»` : 'Туту ответил замечанием без результатов.'}`,
  ],
  [/^(.+?): none found\.$/, (f) => `${searchRu(f[1]!)}: ничего не нашлось.`],
  [
    /^No train on (\d{4}-\d{2}-\d{2}) arrives at least (\d+) minutes before the event starts/,
    (f) => `Ни один поезд ${words.day(f[1]!)} не приходит хотя бы за ${f[2]} минут до начала мероприятия.`,
  ],
  [
    /^No round-trip flight lands at least (\d+) minutes before the event starts/,
    (f) => `Ни один рейс туда и обратно не прилетает хотя бы за ${f[1]} минут до начала мероприятия.`,
  ],
  [/^KudaGo does not cover (.+?); /, (f) => `KudaGo не охватывает: ${f[1]}; там мероприятия не искали.`],
  [/budget/i, () => 'В бюджет не уложился ни один вариант.'],
];

/** One line of what was not found, in Russian; a line of no known form is said generically. */
export function notFoundRu(line: string): string {
  for (const [form, say] of NOT_FOUND_FORMS) {
    const found = form.exec(line);
    if (found) return say(found);
  }
  return 'Ещё одно замечание поиска — подробности есть в ответе агента.';
}
