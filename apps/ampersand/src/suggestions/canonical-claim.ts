/**
 * A claim reduced to what it means for comparison: lower case, punctuation and filler words
 * removed, synonyms mapped to one word from a small lexicon, simple suffixes stemmed, the
 * remaining words sorted. "I absolutely adore watching films" and "I love to watch movies" both
 * become "like movie watch". Also tells broad topics ("I like music") and noise from a claim
 * with distinguishing detail.
 */
const STOPWORDS = new Set(
  'i me my mine myself im ive id am is are was were be been being the a an and or but to of in on at for with from by as really very much so just also have has had do does did it its that this these those there our we us about too quite absolutely definitely always usually often sometimes kind sort lot lots bit little some any all most more than then when while who which what where how get got go going can will would should could like_to'.split(
    ' ',
  ),
);

/** Many words, one meaning: each maps to the word the comparison uses. */
const SYNONYMS: Record<string, string> = {};
const GROUPS: Record<string, string[]> = {
  like: [
    'love',
    'loves',
    'loved',
    'adore',
    'adores',
    'enjoy',
    'enjoys',
    'enjoyed',
    'fond',
    'fan',
    'into',
    'likes',
    'liked',
    'passionate',
    'favourite',
    'favorite',
    'prefer',
    'prefers',
  ],
  dislike: ['hate', 'hates', 'detest', 'detests', 'loathe', 'dislikes', 'cant_stand', 'avoid', 'avoids'],
  movie: ['film', 'films', 'movies', 'cinema', 'flick', 'flicks'],
  dog: ['dogs', 'puppy', 'puppies', 'pup', 'pups', 'canine'],
  cat: ['cats', 'kitten', 'kittens', 'kitty', 'feline'],
  run: ['running', 'jog', 'jogging', 'jogs', 'runs', 'ran', 'runner'],
  child: ['children', 'kid', 'kids', 'son', 'sons', 'daughter', 'daughters'],
  partner: ['wife', 'husband', 'spouse', 'girlfriend', 'boyfriend', 'married'],
  work: ['job', 'works', 'working', 'employed', 'employ', 'career'],
  live: ['lives', 'living', 'reside', 'resides', 'based', 'home'],
  cook: ['cooking', 'cooks', 'bake', 'baking', 'bakes'],
  music: ['song', 'songs', 'tunes', 'musical'],
  book: ['books', 'novel', 'novels', 'reading', 'read', 'reads'],
  coffee: ['espresso', 'espressos', 'coffees'],
  hike: ['hiking', 'hikes', 'trek', 'trekking', 'hiker'],
  swim: ['swimming', 'swims', 'swimmer'],
  bike: ['cycling', 'cycle', 'biking', 'bicycle', 'bikes', 'cyclist'],
  watch: ['watching', 'watches', 'see', 'seeing'],
  play: ['playing', 'plays', 'played', 'player'],
  travel: ['travelling', 'traveling', 'trips', 'trip', 'travels'],
  weekend: ['weekends', 'saturday', 'saturdays', 'sunday', 'sundays'],
  morning: ['mornings', 'dawn', 'sunrise'],
  spicy: ['hot', 'chili', 'chilli', 'chilies', 'peppers'],
  food: ['meal', 'meals', 'dish', 'dishes', 'cuisine', 'eat', 'eating', 'eats'],
  mexican: ['tacos', 'taco', 'burrito', 'burritos'],
  italian: ['pasta', 'pizza'],
  japanese: ['sushi', 'ramen'],
  teacher: ['teach', 'teaches', 'teaching', 'educator'],
  engineer: ['engineering', 'developer', 'programmer', 'coder'],
  mountain: ['mountains', 'alps', 'peaks'],
  beach: ['beaches', 'seaside', 'coast', 'shore'],
};
for (const [word, words] of Object.entries(GROUPS)) for (const w of words) SYNONYMS[w] = word;

const SENTIMENT = new Set(['like', 'dislike']);
const BROAD_TOPICS = new Set([
  'food',
  'music',
  'movie',
  'book',
  'sport',
  'travel',
  'family',
  'friend',
  'work',
  'hobby',
  'art',
  'game',
  'nature',
  'people',
  'thing',
  'stuff',
  'fun',
  'life',
  'animal',
  'pet',
  'outdoor',
  'fitness',
  'tv',
  'show',
]);

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function claimWords(text: string): string[] {
  const raw = text
    .toLowerCase()
    .replace(/(can['’]?t|cannot|can not) stand/g, 'cant_stand')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9_]+/)
    .filter(Boolean)
    .filter((w) => !STOPWORDS.has(w));
  return raw.map((w) => SYNONYMS[w] ?? SYNONYMS[stem(w)] ?? stem(w)).filter((w) => !STOPWORDS.has(w));
}

export function canonicalClaim(text: string): string {
  return [...new Set(claimWords(text))].sort().join(' ');
}

/** like or dislike, when the claim takes a side: opposite sides never mean the same. */
export function polarity(canonical: string): 'like' | 'dislike' | undefined {
  const words = canonical.split(' ');
  if (words.includes('dislike')) return 'dislike';
  if (words.includes('like')) return 'like';
  return undefined;
}

export type ClaimVerdict = { ok: true } | { ok: false; reason: 'noise' | 'broad_topic' };

export function claimVerdict(text: string): ClaimVerdict {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters < 8 || letters / Math.max(1, text.replace(/\s/g, '').length) < 0.6 || /(.)\1{4,}/.test(text)) return { ok: false, reason: 'noise' };
  const words = [...new Set(claimWords(text))];
  if (words.length === 0) return { ok: false, reason: 'noise' };
  const detail = words.filter((w) => !SENTIMENT.has(w) && !BROAD_TOPICS.has(w));
  if (detail.length === 0) return { ok: false, reason: 'broad_topic' };
  return { ok: true };
}
