/**
 * The trip board as an MCP App, through the official MCP client: the one `ui://zaezd/trip-board`
 * resource (text/html;profile=mcp-app) with the CSP it declares — our origin to connect to, Tutu's
 * CDNs and the configured tile server for resources — a self-contained document (no script or
 * stylesheet files, nothing that ends its inline script early), and the three tools linking to
 * it, visible to the model and the app. A host that shows no widget still gets the whole trip
 * in structuredContent and a text that reads well alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { callThroughClient } from './support/client-call.ts';

const URI = 'ui://zaezd/trip-board';
const MIME = 'text/html;profile=mcp-app';

let stack: RunningStack;
let client: Client;
beforeAll(async () => {
  stack = await startStack();
  client = await connectClient(stack.url);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

describe('resources', () => {
  it('lists exactly the trip board, with the CSP it needs', async () => {
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatchObject({
      uri: URI,
      mimeType: MIME,
      _meta: {
        ui: { csp: { connectDomains: [stack.url], resourceDomains: ['https://cdn1.tu-tu.ru', 'https://cdn2.tu-tu.ru', 'https://tile.openstreetmap.org'] } },
      },
    });
  });

  it('reads a self-contained document: skeleton, inline stylesheet and one inline script, the CSP on the content item', async () => {
    const { contents } = await client.readResource({ uri: URI });
    expect(contents).toHaveLength(1);
    const content = contents[0] as { uri: string; mimeType: string; text: string; _meta: any };
    expect(content).toMatchObject({ uri: URI, mimeType: MIME });
    expect(content._meta.ui).toEqual({
      csp: { connectDomains: [stack.url], resourceDomains: ['https://cdn1.tu-tu.ru', 'https://cdn2.tu-tu.ru', 'https://tile.openstreetmap.org'] },
      prefersBorder: true,
    });
    const html = content.text;
    expect(html.startsWith('<!DOCTYPE html><html lang="ru">')).toBe(true);
    expect(html).toContain('<div id="trip-board" class="trip-board" data-tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
    for (const block of ['status', 'notice', 'event', 'weather', 'packages', 'places', 'coverage', 'others', 'footnote'])
      expect(html).toContain(`data-block="${block}"`);
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link\s/i);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const script = /<script>(.*)<\/script>/s.exec(html)![1]!;
    expect(script).not.toContain('<!--');
    expect(script.length).toBeGreaterThan(100_000);
    expect(html).toContain('.leaflet-container');
  });

  it('follows the configured tile server: its origin is declared, a {s} subdomain as a wildcard', async () => {
    const other = await startStack({ tiles: { url: 'https://{s}.tiles.example.org/v1/{z}/{x}/{y}.png', attribution: 'Tiles © Example' } });
    const otherClient = await connectClient(other.url);
    try {
      const content = (await otherClient.readResource({ uri: URI })).contents[0] as { text: string; _meta: any };
      expect(content._meta.ui.csp.resourceDomains).toEqual(['https://cdn1.tu-tu.ru', 'https://cdn2.tu-tu.ru', 'https://*.tiles.example.org']);
      expect(content.text).toContain('data-tile-url="https://{s}.tiles.example.org/v1/{z}/{x}/{y}.png" data-tile-attribution="Tiles © Example"');
    } finally {
      await otherClient.close();
      await other.stop();
    }
  });
});

describe('tools', () => {
  it('link all three tools to the board, visible to the model and the app', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(tool._meta).toEqual({ ui: { resourceUri: URI, visibility: ['model', 'app'] }, 'ui/resourceUri': URI });
    }
  });

  it('serve a host without widgets the whole trip in structuredContent and a text that reads alone', async () => {
    const { isError, data, text } = await callThroughClient(client, 'find_event_trips', {
      topics: ['jazz'],
      origin: 'Москва',
      date_from: '2026-12-01',
      date_to: '2026-12-31',
      adults: 2,
    });
    expect(isError).toBe(false);
    expect(data.packages.length).toBeGreaterThan(0);
    expect(text).toContain(`«${data.event.title}»`);
    for (const pkg of data.packages) {
      expect(text).toContain(`Package ${pkg.number} — ${pkg.label}`);
      expect(text).toContain(pkg.hotel.name);
    }
    expect(text).toContain(`Web version: ${data.web_url}`);
    expect(text).toContain(`trip_id: ${data.trip_id}`);
  });
});
