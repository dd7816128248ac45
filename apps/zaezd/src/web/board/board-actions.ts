/**
 * What the traveller can do on a live board: show one package on the map (the widget tells the
 * agent), ask for a package's checkout links in place, and open every checkout item of a package
 * not opened yet. Each draws the board again with what changed.
 */
import { drawBoard } from './draw-board.ts';
import { block, type LiveBoard } from './live-board.ts';

export function selectPackage(board: LiveBoard, number: number): void {
  const pkg = board.view?.packages.find((p) => p.number === number);
  if (!board.view || !pkg) return;
  board.ui.selected = number;
  drawBoard(board);
  board.map.focus(number);
  block(board.root, 'places').scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  board.host.packageSelected?.({ tripId: board.view.tripId, webUrl: board.view.webUrl, event: board.view.event, pkg });
}

/** Asks for a package's checkout links and draws them in its card, the card opened on them. */
export function prepareCheckout(board: LiveBoard, number: number): void {
  const { host, ui, root } = board;
  if (!board.view || !board.state || !host.prepareCheckout || ui.asking !== null) return;
  const current = board.state;
  ui.asking = number;
  ui.problem = null;
  drawBoard(board);
  host.prepareCheckout(board.view.tripId, number).then(
    (checkout) => {
      ui.asking = null;
      current.checkout = checkout;
      drawBoard(board);
      root.querySelector<HTMLElement>(`#package-${number} .board-checkout`)?.focus();
    },
    (error: unknown) => {
      ui.asking = null;
      ui.problem = { package: number, text: error instanceof Error ? error.message : 'Туту сейчас не дал ссылки. Попробуйте через минуту.' };
      drawBoard(board);
    },
  );
}

/**
 * Opens each checkout item of a package not opened yet, each through zaezd's live route, and
 * ticks them off. A browser may allow one new tab per click: what it blocks stays unticked, and
 * the button then offers the rest.
 */
export function openCheckoutItems(board: LiveBoard, number: number): void {
  const { host, ui, root } = board;
  const links = [...root.querySelectorAll<HTMLAnchorElement>(`#package-${number} a.board-checkout`)];
  for (const anchor of links) {
    const key = anchor.getAttribute('data-item') ?? '';
    if (ui.opened.has(key)) continue;
    if (host.openLink) host.openLink(anchor.href);
    else {
      const tab = window.open(anchor.href, '_blank');
      if (!tab) break;
      tab.opener = null;
    }
    ui.opened.add(key);
  }
  drawBoard(board);
}
