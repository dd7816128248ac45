/**
 * A small browser for black-box tests: keeps cookies (by host and path, honouring deletion),
 * follows redirects itself and stops at the first URL outside the servers under test (a client's
 * redirect URI), and submits forms the way a browser does.
 */
interface StoredCookie {
  value: string;
  path: string;
}

export interface Visit {
  url: string;
  status: number;
  text: string;
  /** The last answer's headers. */
  headers: Headers;
  /** Set when the redirect chain left the served origins: the URL the browser was sent to. */
  leftTo?: URL;
}

export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  constructor(private readonly servedOrigins: readonly string[]) {}

  async get(url: string | URL): Promise<Visit> {
    return this.follow(new Request(url));
  }

  async post(url: string | URL, form: Record<string, string | string[]>): Promise<Visit> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
    return this.follow(
      new Request(url, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin } }),
    );
  }

  /** Opens a one-time sign-in link and presses its Sign in button, as a person does. */
  async signInWithLink(link: string | URL): Promise<Visit> {
    const page = await this.get(link);
    if (page.status !== 200) return page;
    const { action, fields } = formFields(page.text, 'sign-in-link');
    return this.post(new URL(action, page.url), fields);
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value;
  }

  private async follow(first: Request): Promise<Visit> {
    let request = first;
    for (let hop = 0; hop < 20; hop++) {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      const cookies = [...(this.jar.get(url.host) ?? new Map()).entries()]
        .filter(([, c]) => url.pathname.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`);
      if (cookies.length) headers.set('Cookie', cookies.join('; '));
      const response = await fetch(new Request(request, { headers, redirect: 'manual' }));
      this.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        const next = new URL(location, url);
        if (!this.servedOrigins.includes(next.origin)) return { url: url.href, status: response.status, text: '', headers: response.headers, leftTo: next };
        request = new Request(next);
        continue;
      }
      return { url: url.href, status: response.status, text: await response.text(), headers: response.headers };
    }
    throw new Error('Too many redirects');
  }

  private store(url: URL, setCookies: string[]): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>();
    this.jar.set(url.host, cookies);
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const attr = new Map(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]));
      const expired = attr.get('max-age') === '0' || (attr.has('expires') && new Date(attr.get('expires')!).getTime() < Date.now()) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, { value, path: attr.get('path') || '/' });
    }
  }
}

/** The value of a named hidden input in a page. */
export function formValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html) ?? new RegExp(`value="([^"]*)" name="${name}"`).exec(html);
  if (!match) throw new Error(`No input ${name} in the page`);
  return match[1]!.replace(/&amp;/g, '&');
}

/** A form's action and its named inputs with their values (hidden fields included). */
export function formFields(html: string, formId?: string): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => (formId ? f[1]!.includes(`id="${formId}"`) : true));
  if (!form) throw new Error(`No form ${formId ?? ''} in the page`);
  const action = /action="([^"]*)"/.exec(form[1]!)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(input[1]!)?.[1];
    if (name) fields[name] = (/value="([^"]*)"/.exec(input[1]!)?.[1] ?? '').replace(/&amp;/g, '&');
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}
