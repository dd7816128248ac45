/**
 * The board's one click listener, delegated from its root so it survives every redraw: the
 * package buttons and «get links» become board actions, a checkout item is ticked off once
 * followed, and in the widget every link leaves through the host.
 */
import { openCheckoutItems, prepareCheckout, selectPackage } from './board-actions.ts';
import { drawBoard } from './draw-board.ts';
import type { LiveBoard } from './live-board.ts';

export function answerClick(board: LiveBoard, event: MouseEvent): void {
  const { host, ui } = board;
  const target = event.target as Element | null;
  const button = target?.closest?.('button[data-select]');
  if (button) {
    selectPackage(board, Number(button.getAttribute('data-select')));
    return;
  }
  const all = target?.closest?.('button[data-open-all]');
  if (all) {
    openCheckoutItems(board, Number(all.getAttribute('data-open-all')));
    return;
  }
  const ask = target?.closest?.('a[data-prepare]');
  if (ask && host.prepareCheckout && !event.defaultPrevented) {
    event.preventDefault();
    prepareCheckout(board, Number(ask.getAttribute('data-prepare')));
    return;
  }
  const anchor = target?.closest?.('a[href]');
  if (!anchor || event.defaultPrevented) return;
  const item = anchor.getAttribute('data-item');
  if (item) {
    ui.opened.add(item);
    // After the browser has taken the click (a new tab), so the link it follows is still in place.
    setTimeout(() => drawBoard(board), 0);
  }
  if (host.openLink && !anchor.getAttribute('href')!.startsWith('#')) {
    event.preventDefault();
    host.openLink((anchor as HTMLAnchorElement).href);
  }
}
