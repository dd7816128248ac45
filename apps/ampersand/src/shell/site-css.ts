/**
 * The one stylesheet of &'s pages: the kit shell's base rules (colours, type, column, header,
 * footer) in &'s near-black and off-white, then only the rules &'s own pages add — forms and
 * buttons, cards, notices and problems, the approval page's scopes and QR code, tables.
 */
import { shellCss } from '@agent-products/kit/web';

export const SITE_CSS_PATH = '/assets/site.css';

export const SITE_CSS = `${shellCss({ accent: '#1d1d1f', background: '#fafafa', columnWidth: '40rem' })}
.site-name { font-size: 1.4rem; }
form { margin: 1rem 0; }
label { display: block; margin: .5rem 0; }
input[type=text], textarea { font-size: 1rem; padding: .5rem; width: 100%; }
textarea { min-height: 4rem; }
select { font-size: 1rem; padding: .4rem; }
button { font-size: 1rem; padding: .6rem 1.2rem; margin: .25rem .5rem .25rem 0; border-radius: .4rem; border: 1px solid #888; background: #fff; color: var(--ink); cursor: pointer; }
button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
.card { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: 1rem; margin: 1rem 0; }
.notice { background: #eef6ff; border: 1px solid #b6d4fe; padding: .75rem; border-radius: .4rem; }
.problem { background: #fff0f0; border: 1px solid #f5b5b5; padding: .75rem; border-radius: .4rem; }
ul.scopes li { margin: .35rem 0; }
.qr img { width: 12rem; height: 12rem; }
.match-number { font-size: 3rem; font-weight: 700; letter-spacing: .05em; margin: .5rem 0; }
.qr code { word-break: break-all; }
input[name=number] { font-size: 1.5rem; width: 5rem; text-align: center; }
button:disabled { opacity: .5; cursor: not-allowed; }
.meta { color: var(--muted); font-size: .9rem; }
.inline { display: inline-block; margin: .25rem .5rem .25rem 0; }
.unread { border-left: 4px solid var(--accent); }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: .4rem; border-bottom: 1px solid #eee; vertical-align: top; }
`;
