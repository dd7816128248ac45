/**
 * What the & scale dataset's people are called and say about themselves, shaped like real use
 * rather than cycled copies: first names drawn from a skewed distribution (a few common, a long
 * tail, and one person in twenty with a rare name made of syllables), surnames from a thousand
 * syllable pairs, and fact texts from a vocabulary of activities and circumstances, each person
 * holding a different selection of them.
 *
 * The SQL expressions here pick deterministically from the row number `i` (hashtext), so a size's
 * dataset is the same on every run and on both databases.
 */
import { sql, type RawBuilder } from 'kysely';

/** Most common first. `ADA` sits in the middle: common enough to have many namesakes at scale. */
export const FIRST_NAMES = [
  'Maria',
  'James',
  'Wei',
  'Anna',
  'Mohammed',
  'David',
  'Sofia',
  'Jose',
  'Elena',
  'John',
  'Fatima',
  'Michael',
  'Olga',
  'Luis',
  'Laura',
  'Ahmed',
  'Sarah',
  'Carlos',
  'Yuki',
  'Peter',
  'Emma',
  'Ivan',
  'Aisha',
  'Daniel',
  'Lucia',
  'Juan',
  'Mei',
  'Thomas',
  'Nadia',
  'Ali',
  'Grace',
  'Paul',
  'Irina',
  'Mark',
  'Hana',
  'Omar',
  'Julia',
  'Pedro',
  'Chloe',
  'Ken',
  'Ada',
  'Alan',
  'Barbara',
  'Claude',
  'Dorothy',
  'Edsger',
  'Frances',
  'Hedy',
  'Joan',
  'Katherine',
  'Leslie',
  'Margaret',
  'Niklaus',
  'Ole',
  'Radia',
  'Shafi',
  'Tim',
  'Ursula',
  'Vint',
  'Whitfield',
  'Xiaoyun',
  'Yukihiro',
  'Zhores',
  'Anita',
  'Bjarne',
  'Cynthia',
  'Donald',
  'Evelyn',
  'Guido',
  'Irene',
  'Karen',
  'Lynn',
  'Nancy',
  'Per',
  'Ron',
  'Sophie',
  'Tony',
  'Valerie',
  'Wendy',
  'Yvonne',
  'Zoe',
  'Amara',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Esther',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Lars',
  'Mila',
  'Nils',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Stefan',
];
/** Syllables of the rare first names (one person in twenty): 17 × 13 names, each a few in 10,000. */
const RARE_FIRST = [
  ['Bal', 'Cor', 'Dav', 'Ely', 'Fen', 'Gor', 'Hal', 'Isk', 'Jor', 'Kel', 'Lor', 'Mor', 'Nev', 'Orl', 'Pell', 'Quor', 'Tav'],
  ['a', 'en', 'ia', 'o', 'ric', 'win', 'ette', 'is', 'yn', 'ard', 'ine', 'us', 'eth'],
];
/** Surnames: 40 × 25 syllable pairs, evenly drawn. */
const SURNAME_HEADS = [
  'Ander',
  'Bel',
  'Castel',
  'Dun',
  'Eck',
  'Fair',
  'Gold',
  'Har',
  'Ing',
  'Jan',
  'Kirk',
  'Lind',
  'Mar',
  'Nord',
  'Oak',
  'Pen',
  'Quill',
  'Ros',
  'Sten',
  'Thorn',
  'Ul',
  'Van',
  'Wes',
  'Yar',
  'Zell',
  'Ash',
  'Brook',
  'Cran',
  'Dal',
  'Els',
  'Frost',
  'Glen',
  'Holm',
  'Iver',
  'Kal',
  'Lang',
  'Mill',
  'New',
  'Ost',
  'Pratt',
];
const SURNAME_TAILS = [
  'son',
  'berg',
  'wood',
  'ley',
  'ford',
  'ton',
  'field',
  'man',
  'ski',
  'ova',
  'ez',
  'ini',
  'ard',
  'stead',
  'holt',
  'by',
  'well',
  'worth',
  'mann',
  'gaard',
  'ic',
  'escu',
  'oglu',
  'ian',
  'ides',
];

/** How strongly the first-name draw favours the head of FIRST_NAMES: the first is about 6 %, the last about 0.1 %. */
const FIRST_NAME_SKEW = 1.6;

function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql`(${sql.lit(`{${values.join(',')}}`)}::text[])`;
}

/** A uniform draw in [0, 1) from `i` and a salt, the same on every run. */
function draw(salt: string, i: RawBuilder<unknown>): RawBuilder<number> {
  return sql`((hashtext(${sql.lit(salt)} || ${i}::text)::bigint + 2147483648) / 4294967296.0)`;
}

/** The display name of person `i`: skewed first name (or a rare one), then a surname. */
export function displayNameOf(i: RawBuilder<unknown>): RawBuilder<string> {
  const rare = sql`${textArray(RARE_FIRST[0]!)}[1 + floor(${draw('rf1', i)} * ${RARE_FIRST[0]!.length})::int] || ${textArray(RARE_FIRST[1]!)}[1 + floor(${draw('rf2', i)} * ${RARE_FIRST[1]!.length})::int]`;
  const common = sql`${textArray(FIRST_NAMES)}[1 + floor(power(${draw('fn', i)}, ${FIRST_NAME_SKEW}) * ${FIRST_NAMES.length})::int]`;
  const surname = sql`${textArray(SURNAME_HEADS)}[1 + floor(${draw('sh', i)} * ${SURNAME_HEADS.length})::int] || ${textArray(SURNAME_TAILS)}[1 + floor(${draw('st', i)} * ${SURNAME_TAILS.length})::int]`;
  return sql<string>`(case when ${draw('rare', i)} < 0.05 then ${rare} else ${common} end) || ' ' || ${surname}`;
}

/** What people do; some share a word (jazz, garden, river) so a constraint can be common. */
const ACTIVITIES = [
  'play jazz piano',
  'listen to jazz records',
  'go to jazz concerts',
  'cook handmade pasta',
  'bake sourdough bread',
  'grow tomatoes in my garden',
  'keep a small vegetable garden',
  'run along the river',
  'swim in the river',
  'cycle to work',
  'read science fiction',
  'collect old maps',
  'write short stories',
  'paint watercolours',
  'knit scarves',
  'volunteer at the local library',
  'coach a youth football team',
  'climb in the mountains',
  'sail a small boat',
  'brew coffee carefully',
  'speak Portuguese',
  'learn Japanese',
  'play chess online',
  'build model trains',
  'repair old bicycles',
  'photograph birds',
  'watch old films',
  'dance salsa',
  'sing in a choir',
  'play the guitar',
  'do yoga',
  'work as a nurse',
  'work as a teacher',
  'work as a computer scientist',
  'work as an architect',
  'make pottery',
  'hike with my dog',
  'ski in winter',
  'play tennis',
  'travel by train',
];
const CIRCUMSTANCES = ['', ' on weekends', ' every morning', ' with my family', ' since I was a child', ' when I can'];

/** The vocabulary: every activity with every circumstance, 240 distinct texts. */
export const FACT_VOCABULARY: readonly string[] = CIRCUMSTANCES.flatMap((c) => ACTIVITIES.map((a) => `I ${a}${c}.`));

/**
 * Which vocabulary entry is person `i`'s fact number `k`: a per-person start and a stride
 * coprime with the vocabulary's size, so one person's facts are all different texts.
 */
export function vocabularyIndexOf(i: RawBuilder<unknown>, k: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`((floor(${draw('voc', i)} * ${FACT_VOCABULARY.length})::int + ${k} * 7) % ${FACT_VOCABULARY.length})`;
}
