/** The stylesheet every zaezd page shares: readable on a phone, no web fonts. The trip board adds its own (board-css.ts). */
export const SITE_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #5b636e; --line: #d9dde3; --accent: #0a6e3a; --bg: #f8faf9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
.site-header { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: baseline; padding: .75rem 1rem; border-bottom: 1px solid var(--line); background: #fff; }
.site-header nav { display: flex; gap: 1rem; flex-wrap: wrap; }
.site-name { font-weight: 700; color: var(--accent); text-decoration: none; }
.site-footer { max-width: 48rem; margin: 2rem auto; padding: 1rem; color: var(--muted); font-size: .9rem; border-top: 1px solid var(--line); }
a { color: #0b57a4; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .75rem 0; }
h2 { font-size: 1.2rem; margin-top: 1.75rem; }
.notice { background: #fff7e6; border: 1px solid #f0d9a8; padding: .75rem 1rem; border-radius: .5rem; }
.problem { background: #fdecea; border: 1px solid #f3b8b1; padding: .75rem 1rem; border-radius: .5rem; }
.package { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
.package.alternative { border-style: dashed; }
.price { font-weight: 700; font-size: 1.1rem; }
.muted { color: var(--muted); }
ul.legs, ul.links { padding-left: 1.1rem; }
.button { display: inline-block; padding: .45rem .8rem; border-radius: .4rem; background: var(--accent); color: #fff; text-decoration: none; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dt { color: var(--muted); }
.lead { font-size: 1.05rem; }
.search-form { display: grid; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: .75rem 1rem; background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: 1rem; margin: 1rem 0; }
.search-form .field-wide { grid-column: 1 / -1; }
.search-form label { display: block; font-weight: 600; margin-bottom: .2rem; }
.search-form input, .search-form select { width: 100%; font: inherit; padding: .45rem .6rem; border: 1px solid #8c959f; border-radius: .4rem; background: #fff; color: var(--ink); }
.search-form [aria-invalid="true"] { border-color: #a3261b; box-shadow: 0 0 0 1px #a3261b; }
.search-form .button { font: inherit; font-weight: 600; border: 0; padding: .6rem 1.2rem; cursor: pointer; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.field-error { color: #a3261b; font-size: .9rem; margin: .25rem 0 0; }
.technical summary { cursor: pointer; color: var(--muted); }
.steps li { margin: .3rem 0; }
`;
