/**
 * The model-provider interface the in-process engine runs a turn through, and the one provider
 * & ships: any OpenAI-compatible chat-completions endpoint (`AMPERSAND_MODEL_URL`). A provider
 * only answers; the engine decides what a tool call may do. Its failures carry an error class the
 * run's failed record keeps.
 */
import { tracedFetch } from '@agent-products/kit/observe';

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ModelTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ModelAnswer {
  content: string | null;
  toolCalls: ToolCall[];
}

export interface ModelProvider {
  complete(request: { messages: ChatMessage[]; tools: ModelTool[] }, signal: AbortSignal): Promise<ModelAnswer>;
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly errorClass: 'provider_error' | 'provider_unreachable' | 'invalid_model_answer',
    message: string,
  ) {
    super(message);
  }
}

export interface OpenAiCompatibleOptions {
  /** The API base, e.g. `http://127.0.0.1:8000/v1`; `/chat/completions` is appended. */
  url: string;
  model: string;
  apiKey?: string | undefined;
}

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): ModelProvider {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  return {
    async complete(request, signal) {
      let response: Response;
      try {
        response = await tracedFetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, messages: request.messages, tools: request.tools, tool_choice: 'auto' }),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        throw new ProviderError('provider_unreachable', `The model endpoint cannot be reached: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ProviderError('provider_error', `The model endpoint answered ${response.status}.`);
      const body = (await response.json().catch(() => undefined)) as { choices?: Array<{ message?: { content?: unknown; tool_calls?: unknown } }> } | undefined;
      const message = body?.choices?.[0]?.message;
      if (!message) throw new ProviderError('invalid_model_answer', 'The model endpoint answered without a message.');
      const toolCalls = Array.isArray(message.tool_calls) ? (message.tool_calls as ToolCall[]).filter((c) => typeof c?.function?.name === 'string') : [];
      return { content: typeof message.content === 'string' ? message.content : null, toolCalls };
    },
  };
}
