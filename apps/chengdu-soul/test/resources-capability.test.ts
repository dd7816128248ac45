/**
 * Chengdu Soul serves no resources but declares the capability with an empty list, so a host
 * that lists resources unconditionally (the ext-apps 1.x basic host does) keeps the server
 * instead of dropping it on "Method not found".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, rpc } from '@agent-products/kit/testing';
import { startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
beforeAll(async () => {
  server = await startChengdu();
});
afterAll(async () => {
  await server?.stop();
});

describe('the resources capability', () => {
  it('is declared at initialize, and resources/list and resources/templates/list answer empty lists', async () => {
    const init = await rpc(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
    });
    expect(init.json.result.capabilities.resources).toEqual({ listChanged: false });
    expect((await rpc(server.url, { jsonrpc: '2.0', id: 2, method: 'resources/list' })).json.result).toEqual({ resources: [] });
    expect((await rpc(server.url, { jsonrpc: '2.0', id: 3, method: 'resources/templates/list' })).json.result).toEqual({ resourceTemplates: [] });
  });

  it('reads as an empty list through the official client', async () => {
    const client = await connectClient(server.url);
    try {
      await expect(client.listResources()).resolves.toMatchObject({ resources: [] });
    } finally {
      await client.close();
    }
  });
});
