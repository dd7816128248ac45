/**
 * The bundled events: real festivals and regular programmes at real venues, written for this
 * project from public announcements. Festivals are modelled by their usual yearly (or biennial)
 * dates, regular programmes by the evenings a venue usually plays; `datesNote` says how firm the
 * dates are and the venue's own listing is the authority. Occurrences are computed from these
 * patterns for any date range (recurrence.ts), so the dataset never runs out of future dates.
 * Descriptions are in Russian, as the venues write them (and KudaGo's are); the dates notes are
 * zaezd's own words for agents, in English, and the traveller reads them in Russian at the end of
 * the description.
 */
import type { TopicKey } from '../topics.ts';
import type { VenueKey } from './venues.ts';

export type Recurrence =
  /** Starts on month/day every year (or every other year) and lasts `days` days. */
  | { kind: 'yearly'; month: number; day: number; days: number; time: string; years?: 'odd' | 'even' }
  /** On these weekdays (0 = Sunday) in these months, for `hours` from `time`. */
  | { kind: 'weekly'; weekdays: number[]; time: string; hours: number; months: number[] };

export interface RecurringEvent {
  id: string;
  title: string;
  /** What the traveller reads, in Russian. */
  description: string;
  /** The same in English: never shown, matched against the words a traveller types in English («Sochi», «Bolshoi»). */
  descriptionEn: string;
  venue: VenueKey;
  topics: TopicKey[];
  recurrence: Recurrence;
  url: string | null;
  /** How firm the dates are, for agents. */
  datesNote: string;
  /** The same in Russian: the traveller reads it at the end of the description. */
  datesNoteRu: string;
}

const REGULAR_PROGRAMME_NOTE =
  'A regular programme: the venue usually plays on these evenings, but the actual bill changes — check the listing before you travel.';
const REGULAR_PROGRAMME_NOTE_RU = 'Регулярная программа: площадка обычно играет в эти вечера, но афиша меняется — проверьте её перед поездкой.';

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const CONCERT_SEASON = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12];

export const RECURRING_EVENTS: readonly RecurringEvent[] = [
  {
    id: 'spb-jazz-new-year-festival',
    title: 'Новогодний фестиваль Филармонии джазовой музыки',
    description:
      'Ежегодный январский фестиваль Филармонии джазовой музыки, основанной Давидом Голощёкиным: несколько вечеров традиционного и современного джаза с гостями из Москвы и других городов.',
    descriptionEn:
      'Yearly January jazz festival of the St Petersburg Jazz Philharmonic Hall founded by David Goloshchekin: several evenings of traditional and modern jazz with guests from Moscow and other cities.',
    venue: 'spb-jazz-hall',
    topics: ['jazz', 'festival', 'concert', 'music'],
    recurrence: { kind: 'yearly', month: 1, day: 15, days: 4, time: '19:00' },
    url: null,
    datesNote: 'Held every January (the 25th festival ran 15–18 January 2026); the exact dates are announced by the venue.',
    datesNoteRu: 'Проходит каждый январь (25-й фестиваль — 15–18 января 2026 года); точные даты объявляет площадка.',
  },
  {
    id: 'spb-square-of-arts',
    title: 'Международный зимний фестиваль «Площадь искусств»',
    description:
      'Зимний фестиваль классической музыки, основанный Юрием Темиркановым: концерты в Петербургской филармонии, а также в Русском музее и Михайловском театре.',
    descriptionEn:
      'Winter classical music festival founded by Yuri Temirkanov, centred on the St Petersburg Philharmonia with concerts at the Russian Museum and the Mikhailovsky Theatre.',
    venue: 'spb-philharmonia',
    topics: ['festival', 'classical', 'concert', 'music'],
    recurrence: { kind: 'yearly', month: 12, day: 12, days: 13, time: '19:00' },
    url: 'https://www.philharmonia.spb.ru',
    datesNote: 'Every December, usually from about the 10th–14th to about the 24th–26th; the Philharmonia publishes the programme.',
    datesNoteRu: 'Каждый декабрь, обычно примерно с 10–14 по 24–26 число; программу публикует филармония.',
  },
  {
    id: 'msk-december-nights',
    title: 'Декабрьские вечера Святослава Рихтера',
    description:
      'Музыкальный фестиваль в Белом зале Пушкинского музея, основанный в 1981 году Святославом Рихтером и Ириной Антоновой: концерты и выставка на общую тему.',
    descriptionEn:
      'Music festival in the White Hall of the Pushkin Museum, founded in 1981 by Sviatoslav Richter and Irina Antonova, joining concerts with an exhibition on a common theme.',
    venue: 'msk-pushkin-museum',
    topics: ['festival', 'classical', 'concert', 'exhibition', 'music'],
    recurrence: { kind: 'yearly', month: 12, day: 1, days: 25, time: '19:00' },
    url: 'https://pushkinmuseum.art',
    datesNote: 'Every December (30 November – 27 December in 2018; opened 30 November 2025); concert dates within it are set by the museum.',
    datesNoteRu: 'Каждый декабрь (в 2018 году — 30 ноября – 27 декабря; в 2025-м открылся 30 ноября); даты концертов назначает музей.',
  },
  {
    id: 'kzn-chaliapin-opera-festival',
    title: 'Международный оперный фестиваль им. Ф. И. Шаляпина',
    description:
      'Оперный фестиваль Татарского театра оперы и балета с 1982 года, приуроченный ко дню рождения Шаляпина 13 февраля, когда по традиции дают «Бориса Годунова».',
    descriptionEn:
      'Opera festival of the Tatar Opera and Ballet Theatre since 1982, timed to Chaliapin’s birthday on 13 February, when «Boris Godunov» is traditionally given.',
    venue: 'kzn-opera',
    topics: ['festival', 'opera', 'classical', 'theatre', 'music'],
    recurrence: { kind: 'yearly', month: 2, day: 1, days: 24, time: '18:00' },
    url: 'https://kazan-opera.ru',
    datesNote: 'Every February (1–17 February 2015; 30 January – 2 March 2026); performance dates are on the theatre’s site.',
    datesNoteRu: 'Каждый февраль (1–17 февраля 2015 года; 30 января – 2 марта 2026 года); даты спектаклей — на сайте театра.',
  },
  {
    id: 'kzn-nureyev-ballet-festival',
    title: 'Международный фестиваль классического балета им. Р. Нуриева',
    description: 'Балетный фестиваль Татарского театра оперы и балета, с 1993 года носящий имя Рудольфа Нуреева.',
    descriptionEn: 'Ballet festival of the Tatar Opera and Ballet Theatre, named after Rudolf Nureyev since 1993.',
    venue: 'kzn-opera',
    topics: ['festival', 'ballet', 'theatre', 'classical'],
    recurrence: { kind: 'yearly', month: 5, day: 15, days: 12, time: '18:00' },
    url: 'https://kazan-opera.ru',
    datesNote: 'Every May; the exact dates are announced by the theatre.',
    datesNoteRu: 'Каждый май; точные даты объявляет театр.',
  },
  {
    id: 'aer-bashmet-winter-festival',
    title: 'Зимний международный фестиваль искусств Юрия Башмета',
    description:
      'Две недели классической, джазовой и этнической музыки, балета и театра в Зимнем театре Сочи и других залах; с 2008 года фестиваль ведёт Юрий Башмет.',
    descriptionEn:
      'Two weeks of classical, jazz and world music, ballet and theatre in Sochi’s Winter Theatre and other halls, led by Yuri Bashmet since 2008.',
    venue: 'aer-winter-theatre',
    topics: ['festival', 'classical', 'jazz', 'theatre', 'concert', 'music'],
    recurrence: { kind: 'yearly', month: 2, day: 15, days: 11, time: '19:00' },
    url: null,
    datesNote: 'Every February (16–25 February 2018, 14–25 February 2024, opened 19 February 2026).',
    datesNoteRu: 'Каждый февраль (16–25 февраля 2018 года, 14–25 февраля 2024 года, в 2026-м открылся 19 февраля).',
  },
  {
    id: 'ekb-old-new-rock',
    title: 'Фестиваль «Старый Новый Рок»',
    description:
      'Зимний рок-фестиваль Екатеринбурга: с 2000 по 2020 год проходил около 13 января и возродился 11 января 2026 года в ДК «Урал» — две сцены и 25 групп.',
    descriptionEn:
      'Yekaterinburg’s winter rock festival, held around 13 January from 2000 to 2020 and revived on 11 January 2026 at the Ural culture centre with two stages and 25 bands.',
    venue: 'ekb-ural-centre',
    topics: ['rock', 'festival', 'concert', 'music'],
    recurrence: { kind: 'yearly', month: 1, day: 13, days: 1, time: '16:00' },
    url: null,
    datesNote: 'Traditionally around 13 January; revived in 2026 after a six-year break, and whether it returns in 2027 is not confirmed.',
    datesNoteRu: 'По традиции около 13 января; возрождён в 2026 году после шестилетнего перерыва, пройдёт ли в 2027-м — не подтверждено.',
  },
  {
    id: 'yar-jazz-over-volga',
    title: 'Международный фестиваль «Джаз над Волгой»',
    description:
      'Старейший джазовый фестиваль России, с 1979 года проходит в Ярославле по нечётным годам: неделя концертов в филармонии, Джазовом центре и других залах и ночные джем-сейшены.',
    descriptionEn:
      'Russia’s oldest jazz festival, held in Yaroslavl every odd-numbered year since 1979: a week of concerts at the Philharmonia, the Jazz Centre and other halls, with night jam sessions.',
    venue: 'yar-philharmonia',
    topics: ['jazz', 'festival', 'concert', 'music'],
    recurrence: { kind: 'yearly', month: 3, day: 13, days: 8, time: '19:00', years: 'odd' },
    url: 'https://yar-filarmoniya.ru',
    datesNote: 'In March of odd-numbered years (21–27 March 2017, 13–20 March 2023); dates are announced by the Yaroslavl Jazz Centre.',
    datesNoteRu: 'В марте нечётных лет (21–27 марта 2017 года, 13–20 марта 2023 года); даты объявляет Ярославский джазовый центр.',
  },
  {
    id: 'aer-kinotavr',
    title: 'Открытый российский кинофестиваль «Кинотавр»',
    description: 'Главный фестиваль нового российского кино: показы и конкурс в Зимнем театре Сочи.',
    descriptionEn: 'The main festival of new Russian cinema, with screenings and the competition in Sochi’s Winter Theatre.',
    venue: 'aer-winter-theatre',
    topics: ['film', 'festival'],
    recurrence: { kind: 'yearly', month: 6, day: 5, days: 8, time: '19:00' },
    url: 'https://kinotavr.ru',
    datesNote: 'Every June; the programme and dates are published by the festival in spring.',
    datesNoteRu: 'Каждый июнь; программу и даты фестиваль публикует весной.',
  },
  {
    id: 'spb-stars-of-white-nights',
    title: 'Фестиваль «Звёзды белых ночей»',
    description: 'Летний фестиваль Мариинского театра: опера, балет и концерты в белые ночи.',
    descriptionEn: 'The Mariinsky Theatre’s summer festival of opera, ballet and concerts during the white nights.',
    venue: 'spb-mariinsky',
    topics: ['festival', 'opera', 'ballet', 'classical', 'theatre', 'music'],
    recurrence: { kind: 'yearly', month: 5, day: 25, days: 45, time: '19:00' },
    url: 'https://www.mariinsky.ru',
    datesNote: 'Late May to July every year; the Mariinsky publishes the performances.',
    datesNoteRu: 'Каждый год с конца мая по июль; спектакли публикует Мариинский театр.',
  },
  {
    id: 'vrn-platonov-festival',
    title: 'Платоновский фестиваль искусств',
    description: 'Международный фестиваль искусств Воронежа имени Андрея Платонова: театр, музыка, выставки и литература по всему центру города.',
    descriptionEn: 'Voronezh’s international arts festival named after Andrei Platonov: theatre, music, exhibitions and literature across the city centre.',
    venue: 'vrn-koltsovsky-square',
    topics: ['festival', 'theatre', 'concert', 'exhibition', 'music'],
    recurrence: { kind: 'yearly', month: 6, day: 1, days: 14, time: '19:00' },
    url: null,
    datesNote: 'Every June since 2011; the dates and venues of each event are announced by the festival.',
    datesNoteRu: 'Каждый июнь с 2011 года; даты и площадки каждого события объявляет фестиваль.',
  },
  {
    id: 'spb-jazz-hall-evening',
    title: 'Вечер джаза в Филармонии джазовой музыки',
    description: 'Вечерний джазовый концерт в Филармонии джазовой музыки.',
    descriptionEn: 'Evening jazz concert at the St Petersburg Jazz Philharmonic Hall.',
    venue: 'spb-jazz-hall',
    topics: ['jazz', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [4, 5, 6], time: '19:00', hours: 2.5, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'spb-mariinsky-evening',
    title: 'Опера или балет в Мариинском театре',
    description: 'Вечерний спектакль труппы Мариинского театра.',
    descriptionEn: 'An evening performance of the Mariinsky Theatre company.',
    venue: 'spb-mariinsky',
    topics: ['opera', 'ballet', 'theatre', 'classical', 'music'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '19:00', hours: 3, months: ALL_YEAR },
    url: 'https://www.mariinsky.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'spb-philharmonia-symphony',
    title: 'Симфонический концерт в Большом зале Филармонии',
    description: 'Симфонический концерт оркестров Петербургской филармонии.',
    descriptionEn: 'A symphony concert of the St Petersburg Philharmonia orchestras.',
    venue: 'spb-philharmonia',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [4, 6], time: '19:00', hours: 2, months: CONCERT_SEASON },
    url: 'https://www.philharmonia.spb.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'spb-hermitage-exhibitions',
    title: 'Постоянная экспозиция и выставки Эрмитажа',
    description: 'Государственный Эрмитаж: постоянная экспозиция и временные выставки (по понедельникам закрыт).',
    descriptionEn: 'The State Hermitage Museum: the permanent collection and temporary exhibitions (closed on Mondays).',
    venue: 'spb-hermitage',
    topics: ['exhibition'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '10:30', hours: 7.5, months: ALL_YEAR },
    url: 'https://www.hermitagemuseum.org',
    datesNote: 'Open Tuesday to Sunday; temporary exhibitions change — see the museum’s site.',
    datesNoteRu: 'Открыт со вторника по воскресенье; временные выставки меняются — смотрите сайт музея.',
  },
  {
    id: 'msk-bolshoi-evening',
    title: 'Спектакль Большого театра',
    description: 'Вечерняя опера или балет Большого театра.',
    descriptionEn: 'An evening opera or ballet of the Bolshoi Theatre.',
    venue: 'msk-bolshoi',
    topics: ['opera', 'ballet', 'theatre', 'classical', 'music'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '19:00', hours: 3, months: [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12] },
    url: 'https://bolshoi.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'msk-tchaikovsky-hall-concert',
    title: 'Концерт Московской филармонии в зале Чайковского',
    description: 'Симфонический или сольный вечер Московской филармонии.',
    descriptionEn: 'A symphony or recital evening of the Moscow Philharmonic.',
    venue: 'msk-tchaikovsky-hall',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6], time: '19:00', hours: 2, months: CONCERT_SEASON },
    url: 'https://www.meloman.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'msk-kozlov-club-jazz',
    title: 'Концерт в джаз-клубе Алексея Козлова',
    description: 'Джазовый вечер в клубе, основанном саксофонистом Алексеем Козловым.',
    descriptionEn: 'A jazz evening at the club founded by saxophonist Alexei Kozlov.',
    venue: 'msk-kozlov-club',
    topics: ['jazz', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [3, 4, 5, 6], time: '20:00', hours: 2.5, months: ALL_YEAR },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'msk-tretyakov-exhibitions',
    title: 'Выставки Третьяковской галереи',
    description: 'Третьяковская галерея в Лаврушинском переулке: русское искусство и временные выставки (по понедельникам закрыта).',
    descriptionEn: 'The Tretyakov Gallery in Lavrushinsky Lane: Russian art and temporary exhibitions (closed on Mondays).',
    venue: 'msk-tretyakov',
    topics: ['exhibition'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '10:00', hours: 8, months: ALL_YEAR },
    url: 'https://www.tretyakovgallery.ru',
    datesNote: 'Open Tuesday to Sunday; temporary exhibitions change — see the gallery’s site.',
    datesNoteRu: 'Открыта со вторника по воскресенье; временные выставки меняются — смотрите сайт галереи.',
  },
  {
    id: 'kzn-symphony-orchestra',
    title: 'Концерт Государственного симфонического оркестра Татарстана',
    description: 'Государственный симфонический оркестр Татарстана в концертном зале имени Сайдашева.',
    descriptionEn: 'The State Symphony Orchestra of Tatarstan at the Saydashev concert hall.',
    venue: 'kzn-saydashev-hall',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [4, 5], time: '19:00', hours: 2, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'kzn-opera-evening',
    title: 'Спектакль Татарского театра оперы и балета',
    description: 'Вечерняя опера или балет в театре имени Мусы Джалиля.',
    descriptionEn: 'An evening opera or ballet at the Musa Jalil theatre.',
    venue: 'kzn-opera',
    topics: ['opera', 'ballet', 'theatre', 'classical', 'music'],
    recurrence: { kind: 'weekly', weekdays: [4, 5, 6, 0], time: '18:00', hours: 3, months: CONCERT_SEASON },
    url: 'https://kazan-opera.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'nnv-philharmonia-concert',
    title: 'Концерт Нижегородской филармонии',
    description: 'Концерт в Кремлёвском зале Нижегородской филармонии.',
    descriptionEn: 'A concert in the Kremlin hall of the Nizhny Novgorod Philharmonic.',
    venue: 'nnv-philharmonia',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6], time: '18:30', hours: 2, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'nnv-arsenal-exhibitions',
    title: 'Выставки в «Арсенале» Нижегородского кремля',
    description: 'Выставки современного искусства в Арсенале Нижегородского кремля — Приволжском филиале Пушкинского музея (по понедельникам закрыт).',
    descriptionEn: 'Contemporary art exhibitions in the Kremlin Arsenal, the Volga-Vyatka branch of the Pushkin Museum (closed on Mondays).',
    venue: 'nnv-arsenal',
    topics: ['exhibition'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '11:00', hours: 8, months: ALL_YEAR },
    url: null,
    datesNote: 'Open Tuesday to Sunday; exhibitions change — see the museum’s site.',
    datesNoteRu: 'Открыт со вторника по воскресенье; выставки меняются — смотрите сайт музея.',
  },
  {
    id: 'yar-philharmonia-concert',
    title: 'Концерт Ярославской филармонии',
    description: 'Концерт в зале имени Собинова Ярославской филармонии.',
    descriptionEn: 'A concert in the Sobinov hall of the Yaroslavl Philharmonia.',
    venue: 'yar-philharmonia',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6], time: '18:30', hours: 2, months: CONCERT_SEASON },
    url: 'https://yar-filarmoniya.ru',
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'yar-volkov-theatre-evening',
    title: 'Спектакль Волковского театра',
    description: 'Вечерний спектакль в Волковском театре — первом публичном театре России.',
    descriptionEn: 'An evening performance at the Volkov Theatre, Russia’s first public theatre.',
    venue: 'yar-volkov-theatre',
    topics: ['theatre'],
    recurrence: { kind: 'weekly', weekdays: [4, 5, 6, 0], time: '18:30', hours: 3, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'ekb-ural-philharmonic-concert',
    title: 'Концерт Уральского филармонического оркестра',
    description: 'Уральский филармонический оркестр в Свердловской филармонии.',
    descriptionEn: 'The Ural Philharmonic Orchestra at the Sverdlovsk Philharmonia.',
    venue: 'ekb-philharmonia',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6], time: '18:30', hours: 2, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'ekb-yeltsin-center-exhibitions',
    title: 'Музей и выставки Ельцин Центра',
    description: 'Музей и арт-галерея Ельцин Центра (по понедельникам закрыт).',
    descriptionEn: 'The museum and art gallery of the Yeltsin Center (closed on Mondays).',
    venue: 'ekb-yeltsin-center',
    topics: ['exhibition'],
    recurrence: { kind: 'weekly', weekdays: [2, 3, 4, 5, 6, 0], time: '10:00', hours: 9, months: ALL_YEAR },
    url: 'https://yeltsin.ru',
    datesNote: 'Open Tuesday to Sunday; exhibitions change — see the centre’s site.',
    datesNoteRu: 'Открыт со вторника по воскресенье; выставки меняются — смотрите сайт центра.',
  },
  {
    id: 'vrn-opera-evening',
    title: 'Спектакль Воронежского театра оперы и балета',
    description: 'Вечерняя опера или балет в Воронеже.',
    descriptionEn: 'An evening opera or ballet in Voronezh.',
    venue: 'vrn-opera',
    topics: ['opera', 'ballet', 'theatre', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6, 0], time: '18:00', hours: 3, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'aer-winter-theatre-evening',
    title: 'Концерт или спектакль в Зимнем театре',
    description: 'Гастрольные концерты и спектакли в Зимнем театре Сочи.',
    descriptionEn: 'Touring concerts and performances at Sochi’s Winter Theatre.',
    venue: 'aer-winter-theatre',
    topics: ['concert', 'theatre', 'classical', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5, 6], time: '19:00', hours: 2.5, months: ALL_YEAR },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'kuf-opera-evening',
    title: 'Спектакль Самарского театра оперы и балета',
    description: 'Вечерняя опера или балет в Самарском театре имени Шостаковича.',
    descriptionEn: 'An evening opera or ballet at the Shostakovich theatre in Samara.',
    venue: 'kuf-opera',
    topics: ['opera', 'ballet', 'theatre', 'classical', 'music'],
    recurrence: { kind: 'weekly', weekdays: [4, 5, 6, 0], time: '18:00', hours: 3, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
  {
    id: 'kuf-symphony-concert',
    title: 'Концерт Самарского академического симфонического оркестра',
    description: 'Самарский академический симфонический оркестр в Самарской филармонии.',
    descriptionEn: 'The Samara Academic Symphony Orchestra at the Samara Philharmonia.',
    venue: 'kuf-philharmonia',
    topics: ['classical', 'concert', 'music'],
    recurrence: { kind: 'weekly', weekdays: [5], time: '18:30', hours: 2, months: CONCERT_SEASON },
    url: null,
    datesNote: REGULAR_PROGRAMME_NOTE,
    datesNoteRu: REGULAR_PROGRAMME_NOTE_RU,
  },
];
