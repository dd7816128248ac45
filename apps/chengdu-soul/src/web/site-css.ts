/** The one stylesheet of the Chengdu Soul pages: the kit shell's base rules in this product's colours, then its pages' own. */
import { shellCss } from '@agent-products/kit/web';

export const SITE_CSS = `${shellCss({
  accent: '#9b2c1f',
  background: '#fbfaf7',
  columnWidth: '46rem',
  // Scene names are Chinese; these render them well where system-ui alone may not.
  extraFonts: '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei"',
})}
.zh { font-size: 1.05em; color: var(--muted); }
.notice { background: #fff7e6; border: 1px solid #f0d9a8; padding: .75rem 1rem; border-radius: .5rem; }
.explain { background: #eef4fb; border: 1px solid #c9dcf0; padding: .75rem 1rem; border-radius: .5rem; }
.search-form { display: grid; gap: .5rem; grid-template-columns: minmax(0, 1fr); margin: 1rem 0; }
.search-form label { max-width: 100%; }
select { max-width: 100%; }
.search-form .row { display: flex; flex-wrap: wrap; gap: .5rem; }
input, select, button { font: inherit; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: .4rem; background: #fff; }
input[type=search] { width: 100%; }
input.limit { width: 5em; }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
.results { list-style: none; padding: 0; margin: 0; }
.results li { padding: .75rem 0; border-bottom: 1px solid var(--line); }
.tag { display: inline-block; font-size: .8rem; padding: 0 .45rem; border: 1px solid var(--line); border-radius: 1rem; color: var(--muted); margin-right: .25rem; }
.terms code { background: #f1f1ee; padding: 0 .3rem; border-radius: .25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dt { color: var(--muted); }
@media (max-width: 30rem) {
  dl.facts { grid-template-columns: minmax(0, 1fr); gap: 0; }
  dl.facts dd { margin: 0 0 .5rem; }
}
.points li { margin: .4rem 0; }
.plan-form fieldset, .privacy-form { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
.plan-form .row { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
.plan-form summary { cursor: pointer; font-weight: 600; margin: 1rem 0 .5rem; }
.scene-choice { padding: .3rem 0; }
.scene-choice label { display: block; padding: .35rem .25rem; min-height: 2.75rem; }
.scene-choice input[type=checkbox] { width: 1.2rem; height: 1.2rem; vertical-align: -.2rem; }
.scene-group { border-top: 1px solid var(--line); }
.scene-group summary { padding: .6rem 0; font-weight: 600; }
.scene-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0 1rem; }
.scene-filter { margin: .25rem 0 .75rem; }
.scene-filter label { display: block; font-weight: 600; }
.scene-filter input { width: 100%; }
.plans { list-style: none; padding: 0; }
.plan-card { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .75rem 1rem; margin: .75rem 0; }
.plan-title { font-size: 1.05rem; margin: .1rem 0 .3rem; }
.plan-name { display: block; font-size: .92rem; }
.plan-day { display: block; }
.plan-card .actions { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .5rem 0; }
.share label { display: block; font-size: .9rem; color: var(--muted); }
.share-link { width: 100%; margin: .2rem 0; }
.status-shared { border-color: #0a6e3a; color: #0a6e3a; }
.scene-choice .caveat { display: block; color: var(--muted); margin-left: 1.6rem; }
.privacy-form label { display: block; margin: .5rem 0; }
.privacy-form textarea, .privacy-form input[type=text] { display: block; width: 100%; margin-top: .25rem; }
textarea { font: inherit; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: .4rem; background: #fff; }
form.inline { display: inline; }
button.quiet { background: #fff; color: var(--accent); }
.scene form.inline button { margin-top: .25rem; }
.plan-scene { display: inline-block; margin-right: .75rem; }
.page-link { overflow-wrap: anywhere; }
.lead { font-size: 1.1rem; }
.point-note { display: block; color: var(--muted); }
.button-link { display: inline-block; padding: .5rem .9rem; border-radius: .4rem; background: var(--accent); color: #fff; text-decoration: none; font-weight: 600; }
.next-steps h3 { margin: .75rem 0 .25rem; font-size: 1rem; }
.next-steps ul { margin: .25rem 0; padding-left: 1.2rem; }
.next-steps li { margin: .3rem 0; }
.area h3 { margin: 1.2rem 0 .2rem; }
.small { font-size: .88rem; color: var(--muted); }
.day-overview ol { list-style: none; padding: 0; margin: .75rem 0; }
.day-overview li { padding: .55rem .8rem; margin: .35rem 0; background: #fff; border: 1px solid var(--line); border-radius: .5rem; }
.dates-form { display: flex; flex-wrap: wrap; gap: .4rem .6rem; align-items: center; margin: .5rem 0 1rem; }
.dates-form label { flex-basis: 100%; font-size: .92rem; }
.day-date { font-weight: 400; color: var(--muted); }
.limits-line { font-size: .92rem; color: var(--muted); border-left: 3px solid #f0d9a8; padding-left: .6rem; }
.day h2 { border-bottom: 2px solid var(--accent); padding-bottom: .2rem; margin-bottom: .3rem; }
.day-fold > summary { cursor: pointer; list-style: none; padding: .2rem 0 .6rem; }
.day-fold > summary::-webkit-details-marker { display: none; }
.day-fold > summary h2 { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem; }
.day-fold > summary h2::after { content: "Show the day ▾"; margin-left: auto; font-size: .85rem; font-weight: 400; color: var(--accent); }
.day-fold[open] > summary h2::after { content: "Fold ▴"; }
.day-scenes { display: block; }
.closure-warning { display: block; margin-top: .35rem; padding: .35rem .6rem; background: #fff7e6; border: 1px solid #e0b25a; border-radius: .4rem; font-weight: 600; font-size: .92rem; color: #2b2b2b; }
.area-fold > summary { cursor: pointer; }
.area-fold > summary h3, .area-fold > summary h2 { display: inline; }
.points-map figcaption { display: none; }
.points-map[data-map="ready"] figcaption { display: block; }
.downloads { font-size: .92rem; }
article.scene { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .8rem 1rem; margin: 1rem 0; }
article.scene h3 { margin: .1rem 0 .4rem; font-size: 1.2rem; }
.arrival h4 { margin: .8rem 0 .2rem; font-size: 1rem; }
.map-links { display: block; margin-top: .15rem; }
.map-links a { display: inline-block; padding: .2rem 0; }
.taxi { margin: .8rem 0; padding: .7rem .9rem; border: 2px dashed var(--accent); border-radius: .6rem; background: #fffdf8; }
.taxi p { margin: 0; }
.taxi-label { font-size: .85rem; color: var(--muted); }
.taxi-name { font-size: 2rem; line-height: 1.3; font-weight: 700; }
.taxi-near { font-size: 1.3rem; }
.caveat { background: #fff7e6; border: 1px solid #f0d9a8; padding: .6rem .8rem; border-radius: .5rem; }
.not-checked { margin-top: 2rem; padding: .75rem 1rem; background: #f4f2ec; border-radius: .5rem; }
.prompt { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .5rem 1rem; margin: 1rem 0; }
.prompt-text { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.prompt-text input { flex: 1 1 14rem; min-width: 0; }
.sample-days { padding-left: 1.2rem; }
.sample-days li { margin: .4rem 0; }
.jump-links { margin: .5rem 0 1rem; line-height: 2; }
.jump-links a { white-space: nowrap; }
.point-number { font-weight: 700; color: var(--accent); }
.day-points { margin: .25rem 0 1rem; padding-left: 1.4rem; }
.day-points li { margin: .2rem 0; }
.arrival-note summary { cursor: pointer; color: var(--muted); font-size: .9rem; padding: .3rem 0; }
.arrival-note p { font-size: .92rem; margin: .25rem 0; }
.expiry-warning { font-weight: 600; }
@media print {
  body { background: #fff; }
  .site-header nav, .dates-form, .downloads, .map-links, .points-map, form, .arrival-note summary { display: none; }
  .day-fold > summary h2::after { content: none; }
  /* Every day prints, folded or not. */
  .day-fold::details-content { content-visibility: visible; display: block; }
  a { color: inherit; text-decoration: none; }
  article.scene, .taxi, .day-overview li { break-inside: avoid; }
  .day { break-before: auto; }
}
`;
