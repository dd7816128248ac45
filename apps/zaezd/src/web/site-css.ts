/** The stylesheet every zaezd page shares: the kit shell's base rules in zaezd's colours, then its pages' own. The trip board adds its own (board-css.ts). */
import { shellCss } from '@agent-products/kit/web';

export const SITE_CSS = `${shellCss({ accent: '#0a6e3a', background: '#f8faf9', columnWidth: '48rem' })}
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
