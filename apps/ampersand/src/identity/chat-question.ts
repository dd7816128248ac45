/**
 * How agent chat without a model reads a message, by its shape alone: whether it is a question
 * (or a request to be told about someone) rather than a request to do something, whether it asks
 * about the andee, and which capitalized names it asks about. A word-level reading like this
 * cannot understand a request, so it errs towards not answering: "Book me a flight to Kyoto" is
 * no question about the andee just because it says "me".
 */

/** "Please …", "Can you …": what follows is asked of &, so only "tell me …" may follow as a question. */
const ASKED_OF_AMPERSAND = /^\s*(?:please[,\s]+|(?:can|could|would|will)\s+you\s+(?:please\s+)?)/i;
const TELL_ME = /^(?:tell\s+me|describe)\b/i;
const QUESTION_WORD =
  /^(?:what|who|whom|whose|which|where|when|why|how|do|does|did|don['’]t|doesn['’]t|is|isn['’]t|are|aren['’]t|am|was|were|has|have|had|can|could|would|will|should|any|anything)\b/i;

/** About the andee: "my", "do I …", "am I …", "about me" — not any sentence with "I" as its subject ("What should I cook?" asks for advice), nor "me" as an object ("Book me a flight"). */
const ABOUT_ME = /\b(?:my|myself|mine|(?:am|do|did|have|was)\s+i|about\s+me)\b/i;

// A capitalized word, optionally followed by a second (a full name). The positions below are
// matched case-sensitively (\p{Lu} would match any letter under the i flag), on the message with
// its first letter lowered, so "Tell me about Sam" reads like "tell me about Sam".
const NAME = String.raw`(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)`;
/** Where a capitalized word stands for a person the message asks about. */
const PERSON_POSITIONS = [
  new RegExp(String.raw`^(?:tell\s+me|describe)(?:\s+about)?\s+${NAME}`, 'u'),
  new RegExp(String.raw`\b(?:what|how)\s+about\s+${NAME}`, 'u'),
  new RegExp(String.raw`\b(?:does|did|doesn['’]t|didn['’]t|is|isn['’]t|was|has|can|will|would)\s+${NAME}`, 'u'),
  new RegExp(String.raw`${NAME}['’]s\b`, 'u'),
];
/** Capitalized words that never name a person here. */
const NOT_NAMES = new Set(['i', 'i’m', "i'm", 'i’ve', "i've", 'i’d', "i'd"]);

/** A question, or "tell me about …"; not a request for anything else ("Book me a flight to Kyoto", "Can you remind me to call?"). */
export function isQuestion(message: string): boolean {
  const asked = ASKED_OF_AMPERSAND.exec(message);
  const rest = message.slice(asked?.[0].length ?? 0).trimStart();
  if (TELL_ME.test(rest)) return true;
  return !asked && QUESTION_WORD.test(rest);
}

export function asksAboutMe(message: string): boolean {
  return ABOUT_ME.test(message);
}

/** The capitalized names the message asks about as people ("Tell me about Sam", "Does Sam ski?", "Sam's job"), as written. */
export function askedNames(message: string): string[] {
  const asked = message.replace(ASKED_OF_AMPERSAND, '').trimStart();
  const rest = asked.charAt(0).toLowerCase() + asked.slice(1);
  const names = new Set<string>();
  for (const position of PERSON_POSITIONS) {
    const found = position.exec(rest)?.[1];
    if (found && !NOT_NAMES.has(found.toLowerCase())) names.add(found);
  }
  return [...names];
}

/** "I …", "I'm …", "My …": a sentence the andee says about themselves. */
const FIRST_PERSON = /^(?:i|i['’]m|i['’]ve|i['’]d|my|mine)\s+\S/i;
/** Addressed to & ("I want you to…", "My request for you…"), a reminder or a request: not a fact about the andee. */
const ADDRESSED = /&|\b(?:you|your|yours|please|remind|book|send|call\s+me)\b/i;
/** A sentence that only hedges or asks ("I wonder whether…", "I need to know…") says nothing the andee would file about themselves. */
const NOT_A_FACT = /^i\s+(?:wonder|guess|need\s+to\s+know|want\s+to\s+know|don['’]t\s+know|forgot|was\s+wondering)\b/i;

/**
 * A plain fact the andee states about themselves ("I love hiking in the Alps.", "My sister lives
 * in Lyon."), trimmed, or undefined for anything else. Read by shape alone and erring towards
 * undefined: one or two sentences that start in the first person, end without a question mark,
 * and address nobody — "I want you to book a table" is a request, "I wonder who…" a question.
 */
export function statedFact(message: string): string | undefined {
  const text = message.trim().replace(/\s+/g, ' ');
  if (text.length < 6 || text.length > 300 || text.includes('?')) return undefined;
  if (!FIRST_PERSON.test(text) || ADDRESSED.test(text) || NOT_A_FACT.test(text) || isQuestion(text)) return undefined;
  const sentences = text.split(/[.!]+\s+/).filter(Boolean);
  return sentences.length <= 2 ? text : undefined;
}
