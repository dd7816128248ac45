/**
 * The hosted-runtime tools: loop_pin_skill and loop_compose are listed and callable only for the
 * & hosted runtime's principal; a public OAuth client holding every grantable scope neither sees
 * them nor reaches them (the MCP service does not list them, the API refuses the route). The pin
 * answers only version and digest, and is write-once; compose refuses unknown blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '@agent-products/kit/testing';
import type { Client } from '@modelcontextprotocol/client';
import { canonicalHash } from '@agent-products/kit/json';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let mara: Agent;
let runtime: Client;
let runtimeToken: string;
let loopId: string;

beforeAll(async () => {
  amp = await startAmpersand();
  mara = await authorizedAgent(amp, 'mara');
  runtimeToken = (await amp.api.hostedRuntime.issue(mara.andeeId, new Date())).accessToken;
  runtime = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${runtimeToken}` });
  loopId = (
    (await mara.client.callTool({ name: 'loop_create', arguments: { title: 'Get to know me', renderer: 'profile', skillId: 'skill_get_to_know_me' } })) as any
  ).structuredContent.loop.loopId;
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await mara?.close();
  await amp?.close();
});

const content = { instructions: 'Write a short profile from approved identity only.' };
const outcomeSpec = { artifactKinds: ['profile'], terminalModes: ['completed', 'refused'] };

describe('a public OAuth client', () => {
  it('is not shown the hosted-runtime tools and cannot reach them', async () => {
    const names = (await mara.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('loop_read');
    expect(names).not.toContain('loop_pin_skill');
    expect(names).not.toContain('loop_compose');
    const call = (await mara.client
      .callTool({ name: 'loop_pin_skill', arguments: { loopId, content, outcomeSpec } })
      .catch((error: Error) => ({ isError: true, thrown: error.message }))) as any;
    expect(call.isError).toBe(true);
    for (const path of ['/v1/loops/pin-skill', '/v1/loops/compose']) {
      const body = path.endsWith('pin-skill') ? { loopId, content, outcomeSpec } : { loopId, blocks: [{ type: 'paragraph', text: 'x' }] };
      const direct = await fetch(`${amp.apiUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mara.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(direct.status).toBe(403);
      expect((await direct.json()).error.code).toBe('hosted_runtime_only');
    }
    expect(((await mara.client.callTool({ name: 'loop_read', arguments: { loopId } })) as any).structuredContent.loop.skill).toBeNull();
  });
});

describe('the hosted runtime', () => {
  it('lists both tools and pins the skill write-once, answering only version and digest', async () => {
    const names = (await runtime.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['loop_pin_skill', 'loop_compose', 'loop_read']));
    const pinned = (await runtime.callTool({ name: 'loop_pin_skill', arguments: { loopId, content, outcomeSpec } })) as any;
    expect(pinned.structuredContent).toEqual({ version: 1, digest: canonicalHash({ content, outcomeSpec }) });
    const again = (await runtime.callTool({
      name: 'loop_pin_skill',
      arguments: { loopId, content: { instructions: 'Something else entirely.' }, outcomeSpec },
    })) as any;
    expect(again.structuredContent.error.code).toBe('skill_already_pinned');
    expect(((await mara.client.callTool({ name: 'loop_read', arguments: { loopId } })) as any).structuredContent.loop.skill).toEqual(pinned.structuredContent);
  });

  it('composes from contract blocks only and refuses an unknown block by name', async () => {
    const refused = (await runtime.callTool({
      name: 'loop_compose',
      arguments: {
        loopId,
        blocks: [
          { type: 'paragraph', text: 'Who you are, in brief.' },
          { type: 'carousel', items: [] },
        ],
      },
    })) as any;
    expect(refused.structuredContent.error).toMatchObject({ code: 'unknown_block', details: { unknownBlocks: ['carousel'] } });
    const composed = (await runtime.callTool({
      name: 'loop_compose',
      arguments: {
        loopId,
        blocks: [
          { type: 'heading', text: 'About you' },
          { type: 'paragraph', text: 'Who you are, in brief.' },
        ],
      },
    })) as any;
    expect(composed.structuredContent).toMatchObject({ loopId, renderer: 'profile', blocks: 2, contractVersion: 1 });
    const read = ((await mara.client.callTool({ name: 'loop_read', arguments: { loopId } })) as any).structuredContent.loop;
    expect(read.composition).toEqual([
      { type: 'heading', text: 'About you' },
      { type: 'paragraph', text: 'Who you are, in brief.' },
    ]);
    expect(read.items).toEqual([]);
  });
});
