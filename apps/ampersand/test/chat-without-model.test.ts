/**
 * Issue 39, item 4: agent chat and a starter Loop with no model are honest about what they do.
 * Chat answers only questions about people the andee can see, by name — the andee, a connection,
 * an &tagged andee — says "no connection named Sam" when there is none (a stranger whose tag is
 * "sam" is not meant), and says plainly that & cannot do anything else without a model, never
 * under "Done". A starter Loop says it did not read the person's message. Black box through the
 * web app on a default start (no model provider, no hosted runtime).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRuns } from '../src/loops/runs.ts';
import { formValue, type CookieBrowser } from './support/cookie-browser.ts';
import { signIn } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { chatOnPage } from './support/web-chat.ts';

let amp: RunningAmpersand;
let kai: { andeeId: string; browser: CookieBrowser };

beforeAll(async () => {
  amp = await startAmpersand();
  kai = await signIn(amp, 'kai');
  const rita = await signIn(amp, 'rita');
  const strangerSam = await signIn(amp, 'sam');
  await amp.api.connections.connect(kai.andeeId, rita.andeeId, new Date());
  const fact = (andeeId: string, value: string, visibility: 'private' | 'public') =>
    amp.api.signals.add(andeeId, value, { visibility, status: 'approved', now: new Date() });
  await fact(kai.andeeId, 'I am learning Japanese for a trip to Kyoto.', 'private');
  await fact(kai.andeeId, 'I make fresh pasta by hand every Sunday.', 'private');
  await fact(rita.andeeId, 'I read crime novels on the train.', 'public');
  await fact(strangerSam.andeeId, 'I collect vintage typewriters.', 'public');
}, 180_000);
afterAll(async () => {
  await amp?.close();
});

describe('agent chat without a model', () => {
  it('“Book me a flight to Kyoto” is not answered from the andee’s facts: it says & cannot do that without a model, not “Done”', async () => {
    const ending = await chatOnPage(amp, kai, 'Book me a flight to Kyoto');
    expect(ending.state).toBe('refused');
    expect(ending.speaker).toBe('&amp;');
    expect(ending.label).toBe('Couldn’t answer');
    expect(ending.text).toMatch(/can’t do that without a language model/);
    expect(ending.text).toMatch(/nothing else/);
    expect(ending.text).not.toContain('Japanese');
  });

  it('“Tell me about Sam” with no Sam among the connections says so, and answers about no one', async () => {
    const ending = await chatOnPage(amp, kai, 'Tell me about Sam');
    expect(ending.state).toBe('refused');
    expect(ending.label).not.toBe('Done');
    expect(ending.text).toMatch(/no connection named Sam/);
    for (const fact of ['Japanese', 'pasta', 'typewriters']) expect(ending.text).not.toContain(fact);
  });

  it('an &tag no andee has is declined by that &tag', async () => {
    const ending = await chatOnPage(amp, kai, 'What does &nobody_here like?');
    expect(ending.state).toBe('refused');
    expect(ending.text).toMatch(/no andee with the &amp;tag &amp;nobody_here/);
    expect(ending.text).not.toContain('Japanese');
  });

  it('a question about a connection by name is answered from what the andee may see', async () => {
    const ending = await chatOnPage(amp, kai, 'Tell me about Rita');
    expect(ending.state).toBe('completed');
    expect(ending.text).toContain('I read crime novels on the train.');
    expect(ending.text).not.toContain('pasta');
  });

  it('a question about the andee is answered from their own facts', async () => {
    const ending = await chatOnPage(amp, kai, 'What am I learning?');
    expect(ending.state).toBe('completed');
    expect(ending.text).toContain('I am learning Japanese for a trip to Kyoto.');
  });

  it('the andee asked about by their own name is the andee, not a stranger to decline', async () => {
    const ending = await chatOnPage(amp, kai, 'Does Kai make pasta?');
    expect(ending.state).toBe('completed');
    expect(ending.text).toContain('I make fresh pasta by hand every Sunday.');
  });

  it('a plain fact the andee states is filed as pending for their review, and the reply says so; saying it again files nothing new', async () => {
    const ending = await chatOnPage(amp, kai, 'I love hiking in the Alps.');
    expect(ending.state).toBe('completed');
    expect(ending.speaker).toBe('&amp;');
    expect(ending.label).toBe('');
    expect(ending.text).toMatch(/Saved for your review: “I love hiking in the Alps\.”/);
    const pending = await amp.api.signals.list(kai.andeeId, 'pending');
    const filed = pending.filter((s) => s.value === 'I love hiking in the Alps.');
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ source: 'turn', visibility: 'private', status: 'pending' });
    expect(filed[0]!.turnId).toMatch(/^turn_/);
    const review = await kai.browser.get(`${amp.apiUrl}/review`);
    expect(review.text).toContain('I love hiking in the Alps.');
    const again = await chatOnPage(amp, kai, 'I love hiking in the Alps.');
    expect(again.text).toMatch(/already waiting in Review/);
    expect((await amp.api.signals.list(kai.andeeId, 'pending')).filter((s) => s.value === 'I love hiking in the Alps.')).toHaveLength(1);
  });

  it('a request that starts with “I” is not filed as a fact', async () => {
    const ending = await chatOnPage(amp, kai, 'I want you to book a table for Friday.');
    expect(ending.state).toBe('refused');
    expect((await amp.api.signals.list(kai.andeeId, 'pending')).some((s) => s.value.includes('book a table'))).toBe(false);
  });

  it('the chat page shows bubbles with the speaker and a relative time, no ids on screen, the newest message anchored', async () => {
    const page = (await kai.browser.get(`${amp.apiUrl}/chat`)).text;
    expect(page).toMatch(
      /<li class="bubble mine"[^>]*>\s*<p class="speaker"><strong>You<\/strong> <time datetime="[^"]+" title="[^"]+">(just now|\d+ minutes? ago)<\/time>/,
    );
    expect(page).toMatch(/<li class="bubble"[^>]*>\s*<p class="speaker"><strong>&amp;<\/strong>/);
    expect(page).toContain('id="newest"');
    expect(page).not.toMatch(/<strong>Done<\/strong>/);
    const visible = page.replace(/<details[\s\S]*?<\/details>/g, '').replace(/<[^>]+>/g, ' ');
    expect(visible).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it('an &tag names an andee the andee can see: their public facts', async () => {
    const ending = await chatOnPage(amp, kai, 'What does &sam collect?');
    expect(ending.state).toBe('completed');
    expect(ending.text).toContain('I collect vintage typewriters.');
  });
});

describe('a starter Loop without a model', () => {
  it('says it did not read the person’s message', async () => {
    const shelf = await kai.browser.get(`${amp.apiUrl}/loops`);
    const started = await kai.browser.post(`${amp.apiUrl}/loops/start`, { csrf: formValue(shelf.text, 'csrf'), starter: 'get_to_know_me' });
    const loopId = /data-loop-id="([^"]+)"/.exec(started.text)![1]!;
    const sent = await kai.browser.post(`${amp.apiUrl}/loops/${loopId}/send`, {
      csrf: formValue(started.text, 'csrf'),
      message: 'Find me a sushi place for Friday',
    });
    expect(sent.status).toBe(200);
    let run = (await listRuns(amp.database.db, loopId, 1))[0];
    while (!run || run.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await listRuns(amp.database.db, loopId, 1))[0];
    }
    const page = (await kai.browser.get(`${amp.apiUrl}/loops/${loopId}`)).text;
    const ending = new RegExp(`<li[^>]*data-run-id="${run.runId}"[^>]*>([\\s\\S]*?)</li>`).exec(page)![1]!;
    expect(ending).toMatch(/did not read your message/);
    expect(ending).toContain('Find me a sushi place for Friday');
  });
});
