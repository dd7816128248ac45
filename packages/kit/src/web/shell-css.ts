/**
 * The base stylesheet of `PageShell`: the colours, type and column every page starts from and the
 * rules for the shell's own header, navigation and footer, so each product's stylesheet holds only
 * its own pages' rules. A product passes its theme; its own rules may use the custom properties
 * set here (`--ink`, `--muted`, `--line`, `--accent`, `--bg`). Readable on a phone, no web fonts.
 */

export interface ShellTheme {
  /** The brand colour: the site name, and `var(--accent)` in the product's rules. */
  accent: string;
  /** The page background, `var(--bg)`. */
  background: string;
  /** The width of the main column and the footer, e.g. `46rem`. */
  columnWidth: string;
  /** Font families tried before the generic sans-serif, after the system UI fonts (e.g. CJK fonts). */
  extraFonts?: string;
}

/** A theme value stays inside its declaration: no `;`, braces or comment/markup openers. */
const SAFE_VALUE = /^[^;{}<>\\/*]+$/;

export function shellCss(theme: ShellTheme): string {
  for (const [name, value] of Object.entries(theme)) {
    if (typeof value !== 'string' || !SAFE_VALUE.test(value))
      throw new TypeError(`shellCss: ${name} must be a plain CSS value (given: ${JSON.stringify(value)}).`);
  }
  const fonts = ['system-ui', '-apple-system', '"Segoe UI"', ...(theme.extraFonts ? [theme.extraFonts] : []), 'sans-serif'].join(', ');
  return `
:root { color-scheme: light; --ink: #1f2328; --muted: #5b636e; --line: #d9dde3; --accent: ${theme.accent}; --bg: ${theme.background}; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 ${fonts}; color: var(--ink); background: var(--bg); }
main { max-width: ${theme.columnWidth}; margin: 0 auto; padding: 1rem; }
.site-header { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: baseline; padding: .75rem 1rem; border-bottom: 1px solid var(--line); background: #fff; }
.site-header nav { display: flex; gap: 1rem; flex-wrap: wrap; }
.site-name { font-weight: 700; color: var(--accent); text-decoration: none; }
.site-footer { max-width: ${theme.columnWidth}; margin: 2rem auto; padding: 1rem; color: var(--muted); font-size: .9rem; border-top: 1px solid var(--line); }
a { color: #0b57a4; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .75rem 0; }
h2 { font-size: 1.2rem; margin-top: 1.75rem; }
`;
}
