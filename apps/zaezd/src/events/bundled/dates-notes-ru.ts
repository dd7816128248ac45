/**
 * The bundled events' dates notes in Russian, keyed by the English the trips' answers carry for
 * agents: the trip board shows the traveller these. Kept apart from the dataset so the board's
 * script carries only this table, not the events. bundled-events-source.test.ts checks that every
 * bundled note has its Russian here.
 */

export const REGULAR_PROGRAMME_NOTE =
  'A regular programme: the venue usually plays on these evenings, but the actual bill changes — check the listing before you travel.';

export const DATES_NOTES_RU: Readonly<Record<string, string>> = {
  [REGULAR_PROGRAMME_NOTE]: 'Регулярная программа: площадка обычно играет в эти вечера, но афиша меняется — проверьте её перед поездкой.',
  'Held every January (the 25th festival ran 15–18 January 2026); the exact dates are announced by the venue.':
    'Проходит каждый январь (25-й фестиваль — 15–18 января 2026 года); точные даты объявляет площадка.',
  'Every December, usually from about the 10th–14th to about the 24th–26th; the Philharmonia publishes the programme.':
    'Каждый декабрь, обычно примерно с 10–14 по 24–26 число; программу публикует филармония.',
  'Every December (30 November – 27 December in 2018; opened 30 November 2025); concert dates within it are set by the museum.':
    'Каждый декабрь (в 2018 году — 30 ноября – 27 декабря; в 2025-м открылся 30 ноября); даты концертов назначает музей.',
  'Every February (1–17 February 2015; 30 January – 2 March 2026); performance dates are on the theatre’s site.':
    'Каждый февраль (1–17 февраля 2015 года; 30 января – 2 марта 2026 года); даты спектаклей — на сайте театра.',
  'Every May; the exact dates are announced by the theatre.': 'Каждый май; точные даты объявляет театр.',
  'Every February (16–25 February 2018, 14–25 February 2024, opened 19 February 2026).':
    'Каждый февраль (16–25 февраля 2018 года, 14–25 февраля 2024 года, в 2026-м открылся 19 февраля).',
  'Traditionally around 13 January; revived in 2026 after a six-year break, and whether it returns in 2027 is not confirmed.':
    'По традиции около 13 января; возрождён в 2026 году после шестилетнего перерыва, пройдёт ли в 2027-м — не подтверждено.',
  'In March of odd-numbered years (21–27 March 2017, 13–20 March 2023); dates are announced by the Yaroslavl Jazz Centre.':
    'В марте нечётных лет (21–27 марта 2017 года, 13–20 марта 2023 года); даты объявляет Ярославский джазовый центр.',
  'Every June; the programme and dates are published by the festival in spring.': 'Каждый июнь; программу и даты фестиваль публикует весной.',
  'Late May to July every year; the Mariinsky publishes the performances.': 'Каждый год с конца мая по июль; спектакли публикует Мариинский театр.',
  'Every June since 2011; the dates and venues of each event are announced by the festival.':
    'Каждый июнь с 2011 года; даты и площадки каждого события объявляет фестиваль.',
  'Open Tuesday to Sunday; temporary exhibitions change — see the museum’s site.':
    'Открыт со вторника по воскресенье; временные выставки меняются — смотрите сайт музея.',
  'Open Tuesday to Sunday; temporary exhibitions change — see the gallery’s site.':
    'Открыта со вторника по воскресенье; временные выставки меняются — смотрите сайт галереи.',
  'Open Tuesday to Sunday; exhibitions change — see the museum’s site.': 'Открыт со вторника по воскресенье; выставки меняются — смотрите сайт музея.',
  'Open Tuesday to Sunday; exhibitions change — see the centre’s site.': 'Открыт со вторника по воскресенье; выставки меняются — смотрите сайт центра.',
};
