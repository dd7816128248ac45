/**
 * The andee's plain agent chat as they use it: Send on the /chat page, then the turn's ending as
 * the page shows it — its state, the label over it and its words — once the turn has ended.
 */
import { listChatRuns } from '../../src/loops/runs.ts';
import { formValue, type CookieBrowser } from './cookie-browser.ts';
import type { RunningAmpersand } from './start-ampersand.ts';

export interface ChatEnding {
  state: string;
  /** Who the reply is from ("&"); it is never a state. */
  speaker: string;
  /** The reply's state in words ("Couldn’t answer", "Stopped"), empty for an answer. */
  label: string;
  /** The message's text, tags and entities as the page has them. */
  text: string;
}

export async function chatOnPage(amp: RunningAmpersand, andee: { andeeId: string; browser: CookieBrowser }, message: string): Promise<ChatEnding> {
  const before = (await listChatRuns(amp.database.db, andee.andeeId, 1))[0]?.runId;
  const page = await andee.browser.get(`${amp.apiUrl}/chat`);
  const sent = await andee.browser.post(`${amp.apiUrl}/chat/send`, { csrf: formValue(page.text, 'csrf'), message });
  if (sent.status !== 200) throw new Error(`chat send answered ${sent.status}`);
  for (;;) {
    const [run] = await listChatRuns(amp.database.db, andee.andeeId, 1);
    if (run && run.runId !== before && run.state !== 'running') {
      const shown = (await andee.browser.get(`${amp.apiUrl}/chat`)).text;
      const li = new RegExp(`<li[^>]*data-run-id="${run.runId}" data-terminal-state="([a-z_]+)"[^>]*>([\\s\\S]*?)</li>`).exec(shown);
      if (!li) throw new Error(`no ending for ${run.runId} on the chat page`);
      const shownText = li[2]!.replace(/<details[\s\S]*?<\/details>/, '');
      const speaker = /<p class="speaker"><strong>([^<]*)<\/strong>/.exec(shownText)?.[1] ?? '';
      const label = /<p class="reply-state"><strong>([^<]*)<\/strong>/.exec(shownText)?.[1] ?? '';
      return { state: li[1]!, speaker, label, text: shownText.replace(/<p class="speaker">[\s\S]*?<\/p>/, '').replace(/<[^>]+>/g, ' ') };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
