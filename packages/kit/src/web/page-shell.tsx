/**
 * The HTML shell every product page uses: language, viewport for phones, one stylesheet, a
 * header with the product's links and a footer. Pages work without JavaScript. Its base CSS is
 * `shellCss` (shell-css.ts), which each product's stylesheet starts with.
 */
import type { Child } from 'hono/jsx';

export interface ShellProps {
  siteName: string;
  title: string;
  lang?: string;
  stylesheet: string;
  nav: ReadonlyArray<{ href: string; label: string }>;
  /**
   * `index` (the default) writes `index, follow`; `noindex` writes `noindex, nofollow`;
   * `noindex-follow` writes `noindex`, the same as an `X-Robots-Tag: noindex` header: not indexed,
   * its links may be followed.
   */
  robots?: 'index' | 'noindex' | 'noindex-follow';
  description?: string;
  footer?: Child;
  /** More of the head after the stylesheet: a product's manifest and icons. */
  head?: Child;
  children?: Child;
}

const ROBOTS_CONTENT = { index: 'index, follow', noindex: 'noindex, nofollow', 'noindex-follow': 'noindex' } as const;

export function PageShell(props: ShellProps) {
  return (
    <html lang={props.lang ?? 'en'}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${props.siteName}`}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        <meta name="robots" content={ROBOTS_CONTENT[props.robots ?? 'index']} />
        <link rel="stylesheet" href={props.stylesheet} />
        {props.head}
      </head>
      <body>
        <header class="site-header">
          <a class="site-name" href="/">
            {props.siteName}
          </a>
          <nav>
            {props.nav.map((link) => (
              <a href={link.href}>{link.label}</a>
            ))}
          </nav>
        </header>
        <main>{props.children}</main>
        <footer class="site-footer">{props.footer}</footer>
      </body>
    </html>
  );
}
