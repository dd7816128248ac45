/**
 * The traveller's Russian for the English the trips' answers carry: each known sentence form
 * comes out Russian (dates in the event's time zone, no station codes), and a sentence of no
 * known form comes out as a Russian line, never as the English.
 */
import { describe, expect, it } from 'vitest';
import { isLatinText } from '../../wording.ts';
import { baggageRu, cancellationRu, datesNoteRu, notFoundRu, priceNoteRu, stationRu, weatherReasonRu } from './russian-text.ts';

describe('hotel cancellation', () => {
  it('says Tutu’s instant as the clock time where the event is', () => {
    expect(cancellationRu('Free cancellation until 2026-12-03T11:00:00Z.', '2026-12-03T19:00:00+03:00')).toBe(
      'Бесплатная отмена до 14:00, чт, 3 декабря по местному времени',
    );
    // Yekaterinburg is UTC+5: the same instant is 16:00 there, and late UTC evenings fall on the next day.
    expect(cancellationRu('Free cancellation until 2026-12-03T11:00:00Z.', '2026-12-05T19:00:00+05:00')).toContain('до 16:00, чт, 3 декабря');
    expect(cancellationRu('Free cancellation until 2026-12-03T21:30:00Z.', '2026-12-05T19:00:00+05:00')).toContain('до 02:30, пт, 4 декабря');
  });

  it('reads nothing else as a cancellation date', () => {
    expect(cancellationRu('Non-refundable.', '2026-12-03T19:00:00+03:00')).toBeNull();
    expect(cancellationRu('Free cancellation until soon.', null)).toBeNull();
  });
});

describe('the rest of what a traveller reads', () => {
  it('words baggage, the weather’s reasons and KudaGo’s notes in Russian', () => {
    expect(baggageRu('no checked bag in the cheapest fare')).toBe('в самом дешёвом тарифе багажа нет, только ручная кладь');
    expect(baggageRu('1 checked bag(s) up to 23 kg in the cheapest fare')).toBe('в самом дешёвом тарифе 1 место багажа до 23 кг');
    expect(baggageRu('2 checked bag(s) in the cheapest fare')).toBe('в самом дешёвом тарифе 2 места багажа');
    expect(
      weatherReasonRu('No forecast yet: Open-Meteo forecasts 16 days ahead and the event starts 40 days from today (2027-01-09). Ask again from 2026-12-25.'),
    ).toBe('Open-Meteo даёт прогноз на 16 дней вперёд; он появится с 25 декабря 2026.');
    expect(weatherReasonRu('connect ECONNREFUSED 127.0.0.1:9')).toBe('Сервис погоды сейчас не ответил.');
    expect(priceNoteRu('Free entry (KudaGo).')).toBe('Вход свободный (по данным KudaGo).');
    expect(priceNoteRu('Tickets: от 500 до 1500 рублей (KudaGo).')).toBe('Билеты: от 500 до 1500 рублей (по данным KudaGo).');
    expect(priceNoteRu('Tickets: from 500 roubles at the door (KudaGo).')).toBeNull();
    expect(datesNoteRu('Dates from KudaGo’s live listing. KudaGo gives no end time for this session.')).toBe(
      'Даты — из афиши KudaGo; время окончания сеанса не указано.',
    );
    expect(datesNoteRu('Dates from KudaGo’s live listing. Already running (KudaGo gives no start date); opening hours are not known.')).toBe(
      'Даты — из афиши KudaGo; событие уже идёт; часы работы неизвестны.',
    );
    expect(datesNoteRu('Some note nobody translated.')).toBeNull();
  });

  it('names a station without Tutu’s code and without its city twice', () => {
    expect(stationRu('Москва — Москва Ленинградский вокзал (2022847)')).toBe('Москва Ленинградский вокзал');
    expect(stationRu('Казань — Казань-Пассажирская (2060500)')).toBe('Казань-Пассажирская');
    expect(stationRu('Москва — Внуково (VKO)')).toBe('Москва — Внуково (VKO)');
  });
});

describe('what was not found', () => {
  const lines = [
    'No event matching "хоккей" was found in the cities and dates searched.',
    'No event matches all of jazz / джаз + festival / фестиваль in the dates searched; the closest matches jazz / джаз but not festival / фестиваль.',
    '«Вечер джаза» (Санкт-Петербург, 2026-12-03) ranked higher, but Tutu’s answers for it gave no train or flight there and back with a hotel, so it was passed over.',
    '«Вечер джаза» (Санкт-Петербург, 2026-12-03) was tried too: Tutu’s answers gave no train or flight there and back with a hotel either.',
    'No events were searched: the window ends on 2026-11-30, but a trip needs its outbound day to be tomorrow or later, so the first possible event day is 2026-12-02.',
    'Trains Москва → Казань on 2026-12-02 for 7 passenger(s): not searched — Tutu sells rail tickets for at most 6 traveller(s) in one search, so none were searched for 7.',
    'Round-trip flights Москва ⇄ Казань, 2026-12-02 – 2026-12-04, 2 adult(s): not searched successfully — Tutu failed on search_avia: Error executing tool search_avia: internal error',
    'Hotels in Казань, 2026-12-02 – 2026-12-04, 2 adult(s): Tutu says “No hotels for these dates”',
    'Hotels in Казань, 2026-12-03 – 2026-12-04 (for overnight trains), 2 adult(s): 3 result(s) in Tutu’s answer could not be read and were left out.',
    'Trains Москва → Казань on 2026-12-02 for 2 passenger(s): none found.',
    'No train on 2026-12-02 arrives at least 90 minutes before the event starts (19:00, 2 Dec).',
    'No round-trip flight lands at least 120 minutes before the event starts.',
    'Flights: Tutu returned no round-trip offer with a return leg, so none was used.',
    'KudaGo does not cover Сочи, Самара; events there were not searched.',
    'KudaGo did not answer for Казань (timeout); events there are missing.',
    '2 KudaGo event(s) without a venue or readable dates were left out.',
    'Something zaezd will say one day.',
  ];

  it('says every line in Russian, Tutu’s internals and English dates left out', () => {
    for (const line of lines) {
      const said = notFoundRu(line);
      expect(isLatinText(said), said).toBe(false);
      expect(said, line).not.toMatch(/Tutu|Error|\d{4}-\d{2}-\d{2}|\b(Dec|Jan)\b/);
      expect(said, line).toMatch(/[А-Яа-яЁё]/);
    }
    expect(notFoundRu(lines[0]!)).toBe('Ни одного мероприятия по запросу «хоккей» в этих городах и датах не нашлось.');
    expect(notFoundRu(lines[9]!)).toBe('Поезда Москва → Казань на ср, 2 декабря: ничего не нашлось.');
    expect(notFoundRu(lines.at(-1)!)).toBe('Ещё одно замечание поиска — подробности есть в ответе агента.');
  });
});
