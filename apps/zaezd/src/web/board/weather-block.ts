/** The trip board's weather block: the venue's forecast for the days of the visit, and its source. */
import type { TripDetails } from '../../trips/trip-details.ts';
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { weatherReasonRu, weatherSourceRu } from './russian-text.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

/** The forecast is the venue's, the same for every package: the first package that has one tells it. */
export function weatherBlock(view: View): Markup[] | null {
  if (!view.event || view.packages.length === 0) return null;
  const heading = m('h2', null, 'Погода в дни мероприятия');
  const entries = view.packages.map((p) => view.details.get(p.number));
  const answered = entries.find((entry): entry is { package: number; details: TripDetails } => entry !== undefined && 'details' in entry);
  if (!answered) {
    const pending = entries.some((entry) => entry === undefined);
    return [heading, m('p', { class: 'board-muted' }, pending ? 'Загружаем прогноз…' : 'Прогноз не получен: подробности пакетов недоступны.')];
  }
  const weather = answered.details.weather;
  if (weather.status !== 'forecast') {
    return [
      heading,
      m('p', null, 'Прогноза пока нет.', weather.reason ? ` ${weatherReasonRu(weather.reason)}` : null),
      m('p', { class: 'board-muted' }, 'Источник: ', ...weatherSourceRu(weather.source)),
    ];
  }
  const { from, to } = view.event.visit;
  const covered = weather.days.filter((d) => d.date >= from && d.date <= to).length;
  const visitDays = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return [
    heading,
    m(
      'ul',
      { class: 'board-weather' },
      ...weather.days.map((d) => {
        const temperature = words.temperatureRange(d.temperature_min_c, d.temperature_max_c);
        const rain =
          d.precipitation_mm !== null
            ? `осадки ${String(d.precipitation_mm).replace('.', ',')}\u00a0мм${d.precipitation_probability !== null ? ` (${d.precipitation_probability}\u00a0%)` : ''}`
            : null;
        return m('li', null, m('strong', null, words.day(d.date)), `: ${[words.weatherSummary(d.summary), temperature, rain].filter(Boolean).join(', ')}`);
      }),
    ),
    covered < visitDays ? m('p', { class: 'board-muted' }, 'Прогноз есть не на все дни: остальные дальше, чем заглядывает Open-Meteo (16 дней).') : null,
    m('p', { class: 'board-muted' }, 'Источник: ', ...weatherSourceRu(weather.source)),
  ].filter((x): x is MarkupElement => x !== null);
}
