/** Web: the page shell and security headers shared by every product's pages. */
export { htmlDocument } from './html-document.ts';
export { PageShell, type ShellProps } from './page-shell.tsx';
export { PAGE_CSP, securityHeaders } from './security-headers.ts';
