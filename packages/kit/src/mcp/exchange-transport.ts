/**
 * A transport that carries one request at a time into a long-lived server instance.
 *
 * The SDK's stateless transports are single-use, which makes every HTTP request pay for building
 * and connecting a server. A pooled server is connected once to this transport instead; the pool
 * gives each instance to exactly one request at a time, so responses cannot cross between
 * clients (the hazard the SDK's single-use guard exists for).
 */
import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';

export class ExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private awaiting?: { id: JSONRPCRequest['id']; resolve: (message: JSONRPCMessage) => void };

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    const awaiting = this.awaiting;
    // Only the terminal response of the current exchange is delivered; progress or log
    // notifications are dropped, as in the SDK's JSON response mode.
    if (awaiting && 'id' in message && message.id === awaiting.id && !('method' in message)) {
      this.awaiting = undefined;
      awaiting.resolve(message);
    }
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    if (this.awaiting) throw new Error('ExchangeTransport is already serving a request');
    if (!this.onmessage) throw new Error('ExchangeTransport is not connected');
    const answer = new Promise<JSONRPCMessage>((resolve) => {
      this.awaiting = { id: request.id, resolve };
    });
    this.onmessage(request, extra);
    return answer;
  }
}
