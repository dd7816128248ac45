/**
 * Loop link blocks carry only URLs that are safe to render live anywhere (issue 27 §4): https:,
 * and http: to loopback for local development. javascript:, data:, vbscript: and every other
 * scheme — or http: to another host — are refused as `invalid_arguments` naming the block's
 * field, by loop_write and by the hosted runtime's loop_compose alike, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let mara: Agent;
let runtime: Client;
let loopId: string;

beforeAll(async () => {
  amp = await startAmpersand();
  mara = await authorizedAgent(amp, 'mara');
  runtime = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${(await amp.api.hostedRuntime.issue(mara.andeeId, new Date())).accessToken}` });
  const created = (await mara.client.callTool({
    name: 'loop_create',
    arguments: { title: 'Reading list', renderer: 'list', skillId: 'skill_reading' },
  })) as any;
  loopId = created.structuredContent.loop.loopId;
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await mara?.close();
  await amp?.close();
});

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example/x',
  'http://evil.example/page',
];

function linkItem(url: string) {
  return {
    kind: 'list',
    title: 'Books to read',
    blocks: [
      { type: 'heading', text: 'Books' },
      { type: 'link', label: 'The book', url },
    ],
    fallbackText: 'Books to read: The book.',
  };
}

describe('loop_write', () => {
  it('refuses a link block whose URL is not https (or loopback http), naming the block, and stores nothing', async () => {
    for (const url of REFUSED) {
      const result = (await mara.client.callTool({ name: 'loop_write', arguments: { loopId, item: linkItem(url) } })) as any;
      expect(result.isError, url).toBe(true);
      expect(result.structuredContent.error.code).toBe('invalid_arguments');
      expect(JSON.stringify(result.structuredContent.error.details)).toContain('blocks.1.url');
      expect(result.structuredContent.error.message).toContain('blocks.1.url');
      expect(JSON.stringify(result.structuredContent.error.details)).toContain('must be https:');
    }
    expect(((await mara.client.callTool({ name: 'loop_read', arguments: { loopId } })) as any).structuredContent.loop.items).toEqual([]);
  });

  it('keeps an https link and a loopback http link', async () => {
    for (const url of ['https://books.example/the-book', 'http://127.0.0.1:8080/draft']) {
      const result = (await mara.client.callTool({ name: 'loop_write', arguments: { loopId, item: { ...linkItem(url), title: url } } })) as any;
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    }
  });
});

describe('loop_compose', () => {
  it('refuses a script link in a composition, naming the block', async () => {
    for (const url of REFUSED) {
      const result = (await runtime.callTool({
        name: 'loop_compose',
        arguments: {
          loopId,
          blocks: [
            { type: 'paragraph', text: 'Read this.' },
            { type: 'link', label: 'Here', url },
          ],
        },
      })) as any;
      expect(result.structuredContent.error?.code, url).toBe('invalid_arguments');
      expect(JSON.stringify(result.structuredContent.error.details)).toContain('blocks.1');
    }
  });
});
