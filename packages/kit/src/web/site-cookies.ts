/**
 * A site's own cookies, all HttpOnly, SameSite=Lax and Path=/. When the public URL is https they
 * are Secure and carry the `__Host-` prefix, which a browser accepts only from this exact host
 * over TLS, so a sibling subdomain cannot plant one. On plain-http loopback a Secure cookie would
 * not be stored by every client, so neither is used there. Cookie names are the product's.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export class SiteCookies {
  readonly secure: boolean;

  constructor(publicUrl: string) {
    this.secure = new URL(publicUrl).protocol === 'https:';
  }

  read(c: Context, name: string): string | undefined {
    return this.secure ? getCookie(c, name, 'host') : getCookie(c, name);
  }

  write(c: Context, name: string, value: string, maxAgeSeconds: number): void {
    const base = { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: maxAgeSeconds } as const;
    if (this.secure) setCookie(c, name, value, { ...base, secure: true, prefix: 'host' });
    else setCookie(c, name, value, base);
  }

  clear(c: Context, name: string): void {
    if (this.secure) deleteCookie(c, name, { path: '/', secure: true, prefix: 'host' });
    else deleteCookie(c, name, { path: '/' });
  }
}
