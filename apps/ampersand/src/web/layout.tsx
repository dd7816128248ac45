/** The & page shell: every page of the andee's web app and the authorization server's own pages. */
import type { Child } from 'hono/jsx';
import { PageShell, htmlDocument } from '@agent-products/kit/web';

export const SITE_CSS_PATH = '/assets/site.css';

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

export const SITE_CSS = `
:root{font-family:system-ui,sans-serif;color:#1d1d1f;background:#fafafa}
body{margin:0}main{max-width:40rem;margin:0 auto;padding:1rem}
.site-header{display:flex;gap:1rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid #ddd;background:#fff}
.site-header nav{display:flex;gap:1rem;flex-wrap:wrap}.site-name{font-weight:700;font-size:1.4rem;text-decoration:none;color:inherit}
.site-footer{padding:1rem;color:#666;font-size:.85rem;text-align:center}
form{margin:1rem 0}label{display:block;margin:.5rem 0}input[type=text]{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;border:1px solid #888;background:#fff;cursor:pointer}
button.primary{background:#1d1d1f;color:#fff;border-color:#1d1d1f}
.card{background:#fff;border:1px solid #ddd;border-radius:.6rem;padding:1rem;margin:1rem 0}
.notice{background:#eef6ff;border:1px solid #b6d4fe;padding:.75rem;border-radius:.4rem}
.problem{background:#fff0f0;border:1px solid #f5b5b5;padding:.75rem;border-radius:.4rem}
ul.scopes li{margin:.35rem 0}.qr img{width:12rem;height:12rem}
textarea{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box;min-height:4rem}select{font-size:1rem;padding:.4rem}
.meta{color:#555;font-size:.9rem}.inline{display:inline-block;margin:.25rem .5rem .25rem 0}.unread{border-left:4px solid #1d1d1f}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #eee;vertical-align:top}
`;
