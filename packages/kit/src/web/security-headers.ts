/**
 * Security headers for server-rendered pages: no scripts unless a page opts in, no framing,
 * no MIME sniffing, and a referrer policy a page can tighten (private pages use no-referrer).
 */
import type { MiddlewareHandler } from 'hono';
import { echoesCorrelationId } from '../http/correlation.ts';

export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function securityHeaders(csp = PAGE_CSP): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Only correlatedJsonResponse marks an answer as echoing the id: a JSON answer built with its
    // headers, no page, whose light headers stay unread (reading them makes a `Headers`).
    if (echoesCorrelationId(c.res)) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html')) return;
    // A page that needs more (a form whose answer redirects to another origin) sets its own.
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', csp);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('X-Frame-Options', 'DENY');
    if (!c.res.headers.has('Referrer-Policy')) c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  };
}
