/**
 * A web `Request` over a Node request whose body has already been read, for the direct routes
 * (direct-routes.ts). What a hot route reads — its method, URL, headers by name, body as text or
 * JSON, abort signal — comes straight from Node's request; anything else (a body stream, a clone,
 * every header at once) from a real `Request` built from the same method, URL, headers and bytes
 * on first use, so code written for web requests sees the same answers either way.
 *
 * Only requests that repeat no header name are served directly: Node keeps the first of some
 * repeated headers where `Headers` joins them all, and with no repeats both read the same.
 */
import type { IncomingMessage } from 'node:http';

const native = Symbol('native request');

/** A request's headers, read by name from Node's parsed headers (no name repeated). */
class NodeHeaders {
  readonly #fields: IncomingMessage['headers'];
  readonly #raw: string[];
  #all: Headers | undefined;

  constructor(incoming: IncomingMessage) {
    this.#fields = incoming.headers;
    this.#raw = incoming.rawHeaders;
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (!Object.hasOwn(this.#fields, key)) return null;
    const value = this.#fields[key];
    // Node hands a Set-Cookie field over as a list even when sent once.
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** Every header as a real `Headers`, for the uses that are not a lookup by name. */
  [native](): Headers {
    if (!this.#all) {
      const all = new Headers();
      for (let i = 0; i < this.#raw.length; i += 2) all.append(this.#raw[i]!, this.#raw[i + 1]!);
      this.#all = all;
    }
    return this.#all;
  }
}

for (const method of ['forEach', 'entries', 'keys', 'values', 'getSetCookie', 'append', 'set', 'delete', Symbol.iterator] as const) {
  Object.defineProperty(NodeHeaders.prototype, method, {
    value(this: NodeHeaders, ...args: unknown[]) {
      const all = this[native]();
      return (all[method] as (...a: unknown[]) => unknown).apply(all, args);
    },
  });
}
Object.setPrototypeOf(NodeHeaders.prototype, Headers.prototype);

export class NodeRequest {
  readonly #method: string;
  readonly #url: string;
  readonly #headers: NodeHeaders;
  readonly #body: Buffer;
  readonly #signal: () => AbortSignal;
  #used = false;
  #request: Request | undefined;

  /** `signal` gives the signal aborted when the client goes away before its answer (made on first use). */
  constructor(incoming: IncomingMessage, url: string, body: Buffer, signal: () => AbortSignal) {
    this.#method = incoming.method!;
    this.#url = url;
    this.#headers = new NodeHeaders(incoming);
    this.#body = body;
    this.#signal = signal;
  }

  // Accessors, as on Request.prototype (which this prototype chain leads to).
  get method(): string {
    return this.#method;
  }

  get url(): string {
    return this.#url;
  }

  get headers(): Headers {
    return this.#headers as unknown as Headers;
  }

  get signal(): AbortSignal {
    return this.#signal();
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#request?.bodyUsed ?? false);
  }

  text(): Promise<string> {
    return this.#request ? this.#request.text() : this.#take().then((bytes) => bytes.toString('utf8'));
  }

  json(): Promise<unknown> {
    return this.text().then(JSON.parse);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#request) return this.#request.arrayBuffer();
    return this.#take().then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  /** The body's bytes, once, as a web request's body is read once. */
  #take(): Promise<Buffer> {
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: it has already been read'));
    this.#used = true;
    return Promise.resolve(this.#body);
  }

  /** The same request as a real `Request`, for everything read less often (its body, unless already read here). */
  [native](): Request {
    this.#request ??= new Request(this.url, {
      method: this.method,
      headers: this.#headers[native](),
      body: this.#used ? null : (this.#body as Buffer<ArrayBuffer>),
      signal: this.signal,
    });
    return this.#request;
  }
}

// Whatever this Node's Request has besides what is read above, taken from the real one.
const delegated = (names: string[]) => names.filter((name) => name in Request.prototype);
for (const property of delegated([
  'body',
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
])) {
  Object.defineProperty(NodeRequest.prototype, property, {
    get(this: NodeRequest) {
      return (this[native]() as unknown as Record<string, unknown>)[property];
    },
  });
}
for (const method of delegated(['clone', 'formData', 'blob', 'bytes'])) {
  Object.defineProperty(NodeRequest.prototype, method, {
    value(this: NodeRequest, ...args: unknown[]) {
      const request = this[native]() as unknown as Record<string, (...a: unknown[]) => unknown>;
      return request[method]!.apply(request, args);
    },
  });
}
Object.setPrototypeOf(NodeRequest.prototype, Request.prototype);
