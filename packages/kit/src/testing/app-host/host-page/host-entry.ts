/**
 * The agent host, played in the test page: the ext-apps AppBridge on one origin drives the view
 * in a sandboxed iframe on another. What the view asks of the host — tool calls, links to open,
 * model context — goes to functions the test exposes (test-host.ts), which answer tool calls
 * through the official MCP client.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/client';

interface HostBindings {
  hostCallTool(params: CallToolRequest['params']): Promise<CallToolResult>;
  hostOpenLink(url: string): Promise<void>;
  hostModelContext(params: unknown): Promise<void>;
}

const bindings = window as unknown as Window & HostBindings;
let bridge: AppBridge | undefined;

const testHost = {
  /** Loads the view and completes the ui/initialize handshake. */
  async open(viewUrl: string, toolName: string, title: string): Promise<void> {
    const iframe = document.createElement('iframe');
    iframe.sandbox.add('allow-scripts', 'allow-same-origin');
    iframe.src = viewUrl;
    iframe.title = title;
    document.body.append(iframe);
    bridge = new AppBridge(
      null,
      { name: 'mcp-apps-test-host', version: '1.0.0' },
      { openLinks: {}, serverTools: {}, updateModelContext: { text: {} } },
      { hostContext: { displayMode: 'inline', toolInfo: { tool: { name: toolName, inputSchema: { type: 'object' } } } } },
    );
    bridge.oncalltool = (params) => bindings.hostCallTool(params);
    bridge.onopenlink = async ({ url }) => {
      await bindings.hostOpenLink(url);
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      await bindings.hostModelContext(params);
      return {};
    };
    bridge.onsizechange = ({ height }) => {
      if (height) iframe.style.height = `${Math.ceil(height)}px`;
    };
    const initialized = new Promise<void>((resolve) => {
      bridge!.oninitialized = () => resolve();
    });
    await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
    await initialized;
  },
  sendToolInput(args: Record<string, unknown>): Promise<void> {
    return bridge!.sendToolInput({ arguments: args });
  },
  sendToolResult(result: CallToolResult): Promise<void> {
    return bridge!.sendToolResult(result);
  },
};

Object.assign(window, { testHost });
