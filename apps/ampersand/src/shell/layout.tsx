/** The & page shell: every page of the andee's web app and the authorization server's own pages. */
import type { Child } from 'hono/jsx';
import { PageShell, htmlDocument } from '@agent-products/kit/web';
import { SITE_CSS_PATH } from './site-css.ts';

export function renderPage(title: string, body: Child, options: { signedIn?: boolean; unread?: number } = {}): string {
  const nav = options.signedIn
    ? [
        { href: '/chat', label: 'Chat' },
        { href: '/loops', label: 'Loops' },
        { href: '/review', label: 'Review' },
        { href: '/connections', label: 'Connections' },
        { href: '/questions', label: 'Questions' },
        { href: '/notifications', label: options.unread ? `Notifications (${options.unread})` : 'Notifications' },
        { href: '/apps', label: 'Connected apps' },
        { href: '/device', label: 'Enter a device code' },
      ]
    : [{ href: '/sign-in', label: 'Sign in' }];
  return htmlDocument(
    <PageShell siteName="&" title={title} stylesheet={SITE_CSS_PATH} nav={nav} robots="noindex" footer={<span>& — your identity, on your terms.</span>}>
      {body}
    </PageShell>,
  );
}
