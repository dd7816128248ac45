/**
 * The shell's base CSS: every class `PageShell` renders has its rule, the product's theme is what
 * the stylesheet uses, and a theme value that would end its declaration is refused.
 */
import { describe, expect, it } from 'vitest';
import { PageShell } from './page-shell.tsx';
import { shellCss } from './shell-css.ts';

const theme = { accent: '#9b2c1f', background: '#fbfaf7', columnWidth: '46rem' };

describe('shellCss', () => {
  it('styles every class the shell renders', () => {
    const html = String(PageShell({ siteName: 'S', title: 'T', stylesheet: '/s.css', nav: [{ href: '/a', label: 'A' }], footer: 'f' }));
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
    expect(classes.length).toBeGreaterThan(0);
    const css = shellCss(theme);
    for (const name of classes) expect(css).toContain(`.${name} {`);
  });

  it('uses the product’s theme', () => {
    const css = shellCss({ ...theme, extraFonts: '"Noto Sans CJK SC"' });
    expect(css).toContain('--accent: #9b2c1f;');
    expect(css).toContain('--bg: #fbfaf7;');
    expect(css).toContain('main { max-width: 46rem;');
    expect(css).toContain('.site-footer { max-width: 46rem;');
    expect(css).toContain('font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", sans-serif;');
    expect(shellCss(theme)).toContain('font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif;');
  });

  it('refuses a theme value that would break out of its declaration', () => {
    for (const accent of ['red; } body { display: none', 'red</style>', 'red /* x */', '']) {
      expect(() => shellCss({ ...theme, accent })).toThrow(TypeError);
    }
  });
});
