/**
 * Test support (not used by production code), kept apart from `kit/testing` because it builds the
 * host page with esbuild and drives Chromium: any product's MCP App resource can be tested in it.
 *
 * A test agent host in headless Chromium, after the MCP Apps testing recipe: the host page and
 * the view are served by `page.route` on two origins (http://host.localhost and
 * http://view.localhost); the view is the `ui://` resource's HTML exactly as read through the
 * official MCP client, in a sandboxed iframe under a strict CSP — the spec's default plus exactly
 * the domains the resource declares. Tool calls from the view are answered by the MCP client;
 * links and model-context updates are recorded.
 *
 * Both origins are `.localhost` names: Chromium treats them as loopback and secure, so the view
 * may load tiles from the loopback tile server once the context grants `local-network-access`
 * (real hosts and tile servers are public, where that question does not arise).
 */
import { build } from 'esbuild';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { CallToolRequest, CallToolResult, Client } from '@modelcontextprotocol/client';

export const HOST_ORIGIN = 'http://host.localhost';
export const VIEW_ORIGIN = 'http://view.localhost';

export interface DeclaredCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
}

/** The host's default sandbox policy with the declared domains added, and nothing else. */
export function sandboxCsp(declared: DeclaredCsp): string {
  const resources = (declared.resourceDomains ?? []).join(' ');
  const connect = (declared.connectDomains ?? []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect || "'none'"}`,
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

let hostScript: Promise<string> | undefined;

/** The host page's script, bundled once per test file from host-page/host-entry.ts. */
function bundledHostScript(): Promise<string> {
  hostScript ??= build({
    entryPoints: [new URL('./host-page/host-entry.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1'));
  return hostScript;
}

export interface TestHost {
  page: Page;
  /** The view's frame, once loaded. */
  view(): Frame;
  /** tools/call requests the view sent to the host. */
  toolCalls: Array<CallToolRequest['params']>;
  /** ui/open-link requests. */
  openedLinks: string[];
  /** ui/update-model-context requests. */
  modelContexts: any[];
  /** Console errors (CSP violations among them) and script errors, from the host page and the view. */
  problems: string[];
  sendToolInput(args: Record<string, unknown>): Promise<void>;
  sendToolResult(result: CallToolResult): Promise<void>;
  /** The whole view, however tall: the viewport grows to the iframe first (a cross-origin frame paints only what is in view). */
  screenshot(path: string): Promise<void>;
}

interface TestHostOptions {
  client: Client;
  /** The `ui://` resource's HTML, served as the view. */
  html: string;
  csp: DeclaredCsp;
  /** The tool whose result the view renders, as the host announces it. */
  toolName: string;
  /** Where on the view origin the view is served (default `view.html`). */
  viewPath?: string;
  /** The iframe's accessible title (default: the tool's name). */
  viewTitle?: string;
}

export async function openTestHost(context: BrowserContext, options: TestHostOptions): Promise<TestHost> {
  const script = await bundledHostScript();
  await context.route(`${HOST_ORIGIN}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>test host</title><style>body{margin:0;background:#e9ecef}iframe{display:block;width:100%;height:600px;border:0;background:#fff}</style></head><body><script>${script}</script></body></html>`,
    }),
  );
  await context.route(`${VIEW_ORIGIN}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { 'Content-Security-Policy': sandboxCsp(options.csp) },
      body: options.html,
    }),
  );
  const page = await context.newPage();
  const host: TestHost = {
    page,
    view: () => {
      const frame = page.frames().find((f) => f.url().startsWith(VIEW_ORIGIN));
      if (!frame) throw new Error('the view frame is not loaded');
      return frame;
    },
    toolCalls: [],
    openedLinks: [],
    modelContexts: [],
    problems: [],
    sendToolInput: (args) => page.evaluate((a) => (window as any).testHost.sendToolInput(a), args),
    sendToolResult: (result) => page.evaluate((r) => (window as any).testHost.sendToolResult(r), result as any),
    async screenshot(path) {
      const height = await page.locator('iframe').evaluate((frame) => Math.ceil(frame.getBoundingClientRect().height));
      await page.setViewportSize({ width: page.viewportSize()?.width ?? 1280, height });
      // The view repaints in its own process: let it draw two frames at the new size first.
      await host.view().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path });
    },
  };
  page.on('console', (message) => {
    if (message.type() === 'error') host.problems.push(message.text());
  });
  page.on('pageerror', (error) => host.problems.push(error.message));
  await page.exposeFunction('hostCallTool', async (params: CallToolRequest['params']) => {
    host.toolCalls.push(params);
    return options.client.callTool(params);
  });
  await page.exposeFunction('hostOpenLink', async (url: string) => {
    host.openedLinks.push(url);
  });
  await page.exposeFunction('hostModelContext', async (params: unknown) => {
    host.modelContexts.push(params);
  });
  await page.goto(`${HOST_ORIGIN}/`);
  const view = { url: `${VIEW_ORIGIN}/${options.viewPath ?? 'view.html'}`, tool: options.toolName, title: options.viewTitle ?? options.toolName };
  await page.evaluate(({ url, tool, title }) => (window as any).testHost.open(url, tool, title), view);
  return host;
}
