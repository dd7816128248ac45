/**
 * Chengdu Soul's /metrics (issue 40), black-box over loopback: after real searches it counts
 * search_chengdu_scenes by outcome, labels pages by their route pattern (an unlisted page's
 * token never becomes a label), and answers a request from elsewhere only with the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, labelValues, sampleSum, scrapeMetrics } from '@agent-products/kit/testing';
import { startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
beforeAll(async () => {
  server = await startChengdu();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('GET /metrics', () => {
  it('counts search_chengdu_scenes by outcome and keeps page tokens out of the labels', async () => {
    const before = await scrapeMetrics(server.url);
    await callTool(server.url, 'search_chengdu_scenes', { query: '熊猫' });
    await callTool(server.url, 'search_chengdu_scenes', { query: 'quiet park' });
    await callTool(server.url, 'search_chengdu_scenes', { query: 42 });
    await fetch(`${server.url}/p/an-unlisted-page-token-0123456789`);
    const after = await scrapeMetrics(server.url);
    const delta = (outcome: string) =>
      sampleSum(after, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'search_chengdu_scenes', outcome }) -
      sampleSum(before, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'search_chengdu_scenes', outcome });
    expect(delta('ok')).toBe(2);
    expect(delta('invalid_arguments')).toBe(1);
    expect(sampleSum(after, 'service_build_info', { service_name: 'chengdu-soul' })).toBe(1);
    const routes = [...labelValues(after, 'http_server_requests_total', 'http_route')];
    expect(routes.filter((route) => route.includes('an-unlisted-page-token'))).toEqual([]);
  });

  it('is refused to a request from elsewhere without the token', async () => {
    expect((await scrapeMetrics(server.url, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(401);
  });
});
