/** The & page shell: every page of the andee's web app and the authorization server's own pages. */
import type { Child } from 'hono/jsx';
import { PageShell, htmlDocument } from '@agent-products/kit/web';
import { ICON_PNG_PATHS, ICON_SVG_PATH, MANIFEST_PATH } from './app-assets.ts';
import { SITE_CSS_PATH } from './site-css.ts';
import { TIME_ZONE_SCRIPT_PATH } from './time-zone-script.ts';

/**
 * `focused`: a page that asks for one decision (an app's approval) shows only that decision, no
 * way off into the rest of the app beside it.
 */
export function renderPage(title: string, body: Child, options: { signedIn?: boolean; unread?: number; focused?: boolean } = {}): string {
  const nav = options.focused
    ? []
    : options.signedIn
      ? [
          { href: '/home', label: 'Home' },
          // Opens at the newest message, as a messaging app does (a long chat would open at its oldest on a phone).
          { href: '/chat#newest', label: 'Chat' },
          { href: '/loops', label: 'Loops' },
          { href: '/review', label: 'Review' },
          { href: '/connections', label: 'Connections' },
          { href: '/questions', label: 'Questions' },
          { href: '/notifications', label: options.unread ? `Notifications (${options.unread})` : 'Notifications' },
          { href: '/apps', label: 'Connected apps' },
        ]
      : [
          { href: '/sign-up', label: 'Sign up' },
          { href: '/sign-in', label: 'Sign in' },
          { href: '/connect', label: 'Connect an agent' },
        ];
  return htmlDocument(
    <PageShell
      siteName="&"
      title={title}
      stylesheet={SITE_CSS_PATH}
      nav={nav}
      robots="noindex"
      head={
        <>
          <link rel="manifest" href={MANIFEST_PATH} />
          <link rel="icon" href={ICON_SVG_PATH} type="image/svg+xml" />
          <link rel="apple-touch-icon" href={ICON_PNG_PATHS[192]} />
          <meta name="theme-color" content="#1d1d1f" />
          {/* Only tells & the browser's time zone (a cookie); every page works without it. */}
          <script src={TIME_ZONE_SCRIPT_PATH} defer></script>
        </>
      }
      footer={<span>& — your identity, on your terms.</span>}
    >
      {body}
    </PageShell>,
  );
}
