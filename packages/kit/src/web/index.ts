/**
 * Web: what every product's server-rendered pages share — the page shell and security headers,
 * form reading, the site's cookies, browser sessions and CSRF tokens. Product words (page text,
 * cookie names, who may sign in) stay in the products, which pass them in.
 */
export { htmlDocument } from './html-document.ts';
export { PageShell } from './page-shell.tsx';
export { PAGE_CSP, securityHeaders } from './security-headers.ts';
export { readForm } from './read-form.ts';
export { strictParams, type MalformedField, type TextProblem } from './strict-text.ts';
export { refuseMalformedInput } from './refuse-malformed-input.ts';
export { SiteCookies } from './site-cookies.ts';
export { tokensEqual } from './tokens-equal.ts';
export { SignedFormTokens } from './signed-form-tokens.ts';
export { BrowserSessions, cookieMaxAge, type SessionTable, type StartedSession } from './browser-sessions.ts';
export { loadSession, readFormStep, requireSession, sessionCsrfStep, type FormVariables, type SessionVariables } from './form-steps.ts';
export { shellCss } from './shell-css.ts';
