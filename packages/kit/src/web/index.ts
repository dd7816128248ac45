/**
 * Web: what every product's server-rendered pages share — the page shell and security headers,
 * form reading, the site's cookies, browser sessions and CSRF tokens. Product words (page text,
 * cookie names, who may sign in) stay in the products, which pass them in.
 */
export { htmlDocument } from './html-document.ts';
export { PageShell, type ShellProps } from './page-shell.tsx';
export { PAGE_CSP, securityHeaders } from './security-headers.ts';
export { readForm, type FormRead, type ReadFormOptions } from './read-form.ts';
export { malformedUrlInput, strictDecode, strictParams, type MalformedField, type StrictDecoded, type TextProblem } from './strict-text.ts';
export { refuseMalformedInput, type RefuseMalformedInputOptions } from './refuse-malformed-input.ts';
export { SiteCookies } from './site-cookies.ts';
export { tokensEqual } from './tokens-equal.ts';
export { SignedFormTokens, type SignedFormToken, type SignedFormTokensOptions } from './signed-form-tokens.ts';
export { BrowserSessions, cookieMaxAge, type NewSessionRow, type SessionTable, type StartedSession } from './browser-sessions.ts';
export {
  loadSession,
  readFormStep,
  requireSession,
  sessionCsrfStep,
  SESSION_CACHE_CONTROL,
  type FormVariables,
  type LoadSessionOptions,
  type SessionVariables,
} from './form-steps.ts';
export { shellCss, type ShellTheme } from './shell-css.ts';
