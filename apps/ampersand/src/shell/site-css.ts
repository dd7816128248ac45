/**
 * The one stylesheet of &'s pages: the kit shell's base rules (colours, type, column, header,
 * footer) in &'s near-black and off-white, then only the rules &'s own pages add — forms and
 * buttons, cards, notices and problems, the approval page's scopes and QR code, the front door,
 * the Loop shelf. Nothing may be wider than a 390 px phone: long words and codes wrap, blocks of
 * configuration scroll inside themselves, and rows of actions wrap.
 */
import { shellCss } from '@agent-products/kit/web';

export const SITE_CSS_PATH = '/assets/site.css';

export const SITE_CSS = `${shellCss({ accent: '#1d1d1f', background: '#fafafa', columnWidth: '44rem' })}
.site-name { font-size: 1.4rem; }
.site-header nav { gap: .2rem 1rem; }
main, .card, li, p, td { overflow-wrap: anywhere; }
form { margin: 1rem 0; }
label { display: block; margin: .5rem 0; }
input[type=text], input[type=file], textarea { font-size: 1rem; padding: .5rem; width: 100%; max-width: 100%; }
textarea { min-height: 4rem; }
select { font-size: 1rem; padding: .4rem; max-width: 100%; }
button, .button { display: inline-block; font-size: 1rem; padding: .6rem 1.2rem; margin: .25rem .5rem .25rem 0; border-radius: .4rem; border: 1px solid #767676; background: #fff; color: var(--ink); cursor: pointer; text-decoration: none; line-height: 1.3; }
button.primary, .button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
button.danger { color: #a50e0e; border-color: #a50e0e; }
.card, .item { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: 1rem; margin: 1rem 0; }
.card > :first-child { margin-top: 0; }
.card > :last-child { margin-bottom: 0; }
.notice { background: #eef6ff; border: 1px solid #b6d4fe; padding: .75rem; border-radius: .4rem; }
.problem { background: #fff0f0; border: 1px solid #f5b5b5; padding: .75rem; border-radius: .4rem; }
.notice form, .notice p { margin: .25rem 0; }
ul.scopes li, ul.access li { margin: .35rem 0; }
ul.plain { list-style: none; padding: 0; }
.qr img { width: 12rem; height: 12rem; max-width: 100%; }
.match-number { font-size: 3rem; font-weight: 700; letter-spacing: .05em; margin: .5rem 0; }
.qr code { word-break: break-all; }
input[name=number] { font-size: 1.5rem; width: 5rem; text-align: center; }
button:disabled { opacity: .5; cursor: not-allowed; }
.meta { color: var(--muted); font-size: .9rem; }
.inline { display: inline-block; margin: .25rem .5rem .25rem 0; vertical-align: middle; }
.actions { display: flex; flex-wrap: wrap; gap: .25rem .5rem; align-items: center; }
.actions form { margin: 0; }
.unread { border-left: 4px solid var(--accent); }
code { font-size: .9em; background: #f0f0f2; padding: 0 .2em; border-radius: .2em; }
pre { background: #f0f0f2; padding: .75rem; border-radius: .4rem; overflow-x: auto; max-width: 100%; font-size: .85rem; }
pre code { background: none; padding: 0; }
details { margin: .5rem 0; }
summary { cursor: pointer; }
.hero { padding: 1rem 0 .5rem; }
.hero h1 { font-size: 2rem; }
.lede { font-size: 1.15rem; }
.example { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: .4rem; padding: .75rem 1rem; }
.example p { margin: .35rem 0; }
.steps { padding-left: 1.25rem; }
.steps li { margin: .4rem 0; }
.shelf { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; padding: 0; list-style: none; }
.shelf .card { margin: 0; }
.shelf h3 { margin: 0 0 .25rem; font-size: 1.1rem; }
.checklist { list-style: '☐  '; }
[data-renderer] .recommendation { margin: .5rem 0; padding: .75rem; }
.state { display: inline-block; font-size: .85rem; padding: 0 .4rem; border-radius: .3rem; background: #f0f0f2; }
.conversation { list-style: none; padding: 0; display: flex; flex-direction: column; gap: .6rem; }
.bubble { background: #fff; border: 1px solid var(--line); border-radius: 1rem 1rem 1rem .25rem; padding: .5rem .85rem; max-width: 85%; align-self: flex-start; scroll-margin-bottom: 9rem; }
.bubble.mine { background: #e9f1ff; border-color: #c8dbff; border-radius: 1rem 1rem .25rem 1rem; align-self: flex-end; }
.bubble p { margin: .25rem 0; }
.bubble .speaker { font-size: .85rem; color: var(--muted); }
.bubble .speaker strong { color: var(--ink); }
.bubble details.ids { font-size: .8rem; margin: .25rem 0 0; }
.bubble.thinking { margin: .6rem 0; }
.bubble.thinking form { margin: .25rem 0 0; }
fieldset { border: 1px solid var(--line); border-radius: .4rem; margin: .5rem 0; padding: .25rem .75rem .5rem; }
label.choice { display: inline-block; margin: .35rem 1rem .35rem 0; }
.notice > :first-child { margin-top: 0; }
.waiting .card h3 { margin: 0 0 .25rem; font-size: 1.05rem; }
.waiting ul { margin: .25rem 0; padding-left: 1.2rem; }
.people-to-try h3 { margin: 0; font-size: 1.05rem; }
.people-to-try { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .75rem; padding: 0; list-style: none; }
.people-to-try .card { margin: 0; }
.more-people > summary { margin: .75rem 0; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: .4rem; border-bottom: 1px solid #eee; vertical-align: top; }
`;
