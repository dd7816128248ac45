/**
 * The trip board's stylesheet, the same on the web page (served beside site.css) and in the
 * widget (inlined, where it also styles the bare document). Packages sit side by side and fall
 * into one column on a phone, their times and prices large enough to scan; markers are plain CSS
 * circles; the map canvas stays invisible until a tile has loaded. Each card shows its summary
 * and one action; the rest opens on tap (a `<details>`, no script needed).
 */
export const BOARD_CSS = `
.trip-board { --ink: #1f2328; --muted: #5b636e; --line: #d9dde3; --accent: #0a6e3a; --venue: #b3261e; color: var(--ink); }
.trip-board [hidden] { display: none !important; }
body.board-widget { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #f8faf9; }
body.board-widget .trip-board { padding: .75rem; }
main:has(> .trip-board) { max-width: 74rem; }
.trip-board h1 { font-size: 1.5rem; line-height: 1.25; margin: .2rem 0 .5rem; }
.trip-board h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
.trip-board h3 { font-size: 1.05rem; line-height: 1.3; margin: 0 0 .35rem; }
.trip-board h4 { font-size: .9rem; color: var(--muted); margin: .9rem 0 .2rem; }
.trip-board p { margin: .2rem 0; }
.trip-board a { color: #0b57a4; overflow-wrap: anywhere; }
.board-status { padding: .6rem .9rem; border-radius: .5rem; background: #eef3f8; }
.board-notice { background: #fff7e6; border: 1px solid #f0d9a8; padding: .6rem .9rem; border-radius: .5rem; }
.board-problem { color: #a3261b; }
.board-status.board-problem { background: #fdecea; border: 1px solid #f3b8b1; }
.board-muted { color: var(--muted); font-size: .9rem; }
.board-kicker { color: var(--muted); margin-top: .75rem; }
.board-description { color: var(--muted); max-width: 48rem; }
.board-facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .6rem 0; }
.board-facts dt { color: var(--muted); }
.board-facts dd { margin: 0; overflow-wrap: anywhere; }
.trip-board [data-block="coverage"] h3 { margin-top: 1rem; }
.board-weather { list-style: none; padding: 0; margin: .25rem 0; }
.package-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .9rem; align-items: start; }
.package-card { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .8rem 1rem; min-width: 0; }
.package-card.is-alternative { border-style: dashed; }
.package-card.is-selected { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
.board-badges { display: flex; flex-wrap: wrap; gap: .3rem; }
.board-badge { font-size: .8rem; padding: .05rem .5rem; border-radius: 1rem; background: #e7f3ec; color: var(--accent); }
.is-over-budget .board-badge, .is-alternative .board-badge:first-child { background: #fff1e0; color: #8a4b00; }
.board-where { font-weight: 600; }
.board-price { font-size: 1.6rem; font-weight: 700; line-height: 1.2; margin-top: .3rem; }
.board-legs { list-style: none; padding: 0; margin: .6rem 0; }
.board-leg { border-top: 1px solid var(--line); padding: .45rem 0; }
.board-leg-head { font-size: .9rem; }
.board-leg-times { margin: .1rem 0; }
.board-time { font-size: 1.35rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.board-duration { font-weight: 600; white-space: nowrap; }
.board-notes { padding-left: 1.1rem; margin: .4rem 0; color: var(--muted); font-size: .9rem; }
.board-items { padding-left: 1.1rem; margin: .3rem 0; }
.board-button, .board-checkout { display: inline-block; margin: .25rem 0; padding: .45rem .9rem; border-radius: .4rem; background: var(--accent); color: #fff !important; text-decoration: none; font-weight: 600; overflow-wrap: normal; }
.board-checklist { list-style: none; padding: 0; margin: .3rem 0; }
.board-checklist li { margin: .6rem 0; display: flex; flex-direction: column; align-items: flex-start; gap: .1rem; }
.board-kind { font-size: .9rem; color: var(--muted); }
.board-checklist li.is-opened .board-checkout { background: #e7f3ec; color: var(--accent) !important; box-shadow: inset 0 0 0 1px var(--accent); }
.board-opened { font-weight: 600; color: var(--accent); }
.board-route { font-weight: 600; margin-top: .35rem !important; }
.package-more { margin-top: .5rem; border-top: 1px solid var(--line); }
.package-more > summary, .board-coverage > summary { cursor: pointer; color: #0b57a4; padding: .45rem 0; min-height: 1.5rem; }
.package-more[open] > summary { margin-bottom: .2rem; }
.board-open-all { font: inherit; font-weight: 600; padding: .4rem .9rem; border: 1px solid var(--accent); border-radius: .4rem; background: #fff; color: var(--accent); cursor: pointer; }
.board-button[aria-disabled="true"] { opacity: .75; pointer-events: none; }
.board-lead { font-size: 1.05rem; }
.board-suggestions li { margin: .35rem 0; }
.board-select { margin-top: .6rem; font: inherit; padding: .3rem .75rem; border: 1px solid var(--accent); border-radius: .4rem; background: #fff; color: var(--accent); cursor: pointer; }
.board-map { height: 340px; margin: .5rem 0; border: 1px solid var(--line); border-radius: .6rem; }
.board-map.is-pending { visibility: hidden; }
.place-list { list-style: none; padding: 0; margin: .4rem 0; }
.place-list li { display: flex; gap: .5rem; align-items: center; margin: .35rem 0; }
.board-marker { display: flex; align-items: center; justify-content: center; box-sizing: border-box; min-width: 28px; height: 28px; padding: 0 4px; border: 2px solid #fff; border-radius: 14px; background: var(--accent); color: #fff; font: 700 13px/1 system-ui, sans-serif; box-shadow: 0 1px 3px rgba(0, 0, 0, .45); }
.place-list .board-marker { flex: none; }
.board-marker-venue { background: var(--venue); }
.board-footnote { margin-top: 1.5rem; color: var(--muted); font-size: .85rem; }
@media (max-width: 520px) {
  .board-facts { grid-template-columns: 1fr; gap: 0; }
  .board-facts dd { margin-bottom: .35rem; }
  .board-map { height: 260px; }
}
`;
