/**
 * How agent chat without a model reads a message (chat-question.ts), over a labelled set: which
 * messages are questions rather than requests to do something, which ask about the andee, and
 * which capitalized names they ask about as people.
 */
import { describe, expect, it } from 'vitest';
import { askedNames, asksAboutMe, isQuestion, statedFact } from './chat-question.ts';

describe('isQuestion', () => {
  const questions = [
    'Am I nervous about anything?',
    'What do I like?',
    'Tell me about Sam',
    'Could you tell me about Sam?',
    'Please tell me about my week',
    'Who would enjoy a jazz night?',
    'Does Sam ski?',
    'What should I cook tonight?',
    'Do you know what Sam likes?',
  ];
  const requests = [
    'Book me a flight to Kyoto',
    'Can you book me a flight to Kyoto?',
    'Please remember that I moved to Porto',
    'Send Sam a message',
    'Remind me to call my mother',
    'Find me a sushi place for Friday',
    'I love pasta',
  ];
  for (const message of questions) it(`“${message}” is a question`, () => expect(isQuestion(message)).toBe(true));
  for (const message of requests) it(`“${message}” is not`, () => expect(isQuestion(message)).toBe(false));
});

describe('asksAboutMe', () => {
  it('“my”, “am I”, “do I”, “about me” ask about the andee; “me” as an object and advice do not', () => {
    for (const message of ['What is my job?', 'Am I nervous about anything?', 'What do I like?', 'What do you know about me?'])
      expect(asksAboutMe(message), message).toBe(true);
    for (const message of ['Tell me about Sam', 'Book me a flight to Kyoto', 'What should I cook tonight?']) expect(asksAboutMe(message), message).toBe(false);
  });
});

describe('askedNames', () => {
  const cases: Array<[string, string[]]> = [
    ['Tell me about Sam', ['Sam']],
    ['tell me about Sam Rivera', ['Sam Rivera']],
    ['Could you tell me about Zed?', ['Zed']],
    ['What does Sam like to do?', ['Sam']],
    ['Is Rita coming to Lisbon?', ['Rita']],
    ['What is Sam’s job?', ['Sam']],
    ['What about Ana?', ['Ana']],
    ['Did I tell you about my thesis?', []],
    ['Am I nervous about my thesis defence in March?', []],
    ['Who would enjoy a jazz night?', []],
    ['Tell me about myself', []],
  ];
  for (const [message, names] of cases) it(`“${message}” → ${names.join(', ') || 'nobody'}`, () => expect(askedNames(message)).toEqual(names));
});

describe('statedFact', () => {
  const facts = [
    'I love hiking in the Alps.',
    'I’m vegetarian',
    'My sister lives in Lyon.',
    'I have two cats. They are called Ada and Bit.',
    "I've run three marathons!",
  ];
  const notFacts = [
    'Book me a flight to Kyoto',
    'I want you to book a table for Friday.',
    'Please remember that I moved to Porto',
    'I wonder whether Sam skis',
    'Am I nervous about anything?',
    'I love pasta?',
    'My question for & is simple',
    'Remind me to call my mother',
    'Sam loves pasta.',
    'I moved. Then I moved again. And again.',
    'Hi',
  ];
  for (const message of facts) it(`“${message}” is a fact the andee states`, () => expect(statedFact(message)).toBe(message));
  for (const message of notFacts) it(`“${message}” is not`, () => expect(statedFact(message)).toBeUndefined());
});
