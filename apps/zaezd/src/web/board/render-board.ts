/**
 * The trip board in a browser: the web page `/t/:id` and the MCP App widget both hand it a
 * BoardState, and it draws what board-view.ts renders into the shared skeleton
 * (board-skeleton.tsx), block by block, as DOM nodes and text — never HTML — so the same answer
 * reads the same, word for word, in a browser tab and in an agent's chat. The server writes the
 * same markup into the page for a browser without JavaScript; this adds what needs a script: the
 * map (Leaflet, or the list alone when tiles cannot load), "show on the map", the checkout
 * buttons ticked off once opened, and links sent through the host in the widget.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripEvent, TripPackage } from '../../trips/trip-result.ts';
import type { BoardState } from './board-data.ts';
import { BoardMap, type MapPlace, type MapState } from './board-map.ts';
import { BLOCK_NAMES, boardBlocks, mapPlaces } from './board-view.ts';
import { viewOf, type BoardUi, type View } from './board-view-model.ts';
import { MAP_SLOT } from './places-block.ts';
import { toDom } from './markup.ts';

/** What the board's surroundings do for it. */
export interface BoardHost {
  /** Opens a link outside the board. The widget sends it to the host (ui/open-link); on the web page links are plain links. */
  openLink?: (url: string) => void;
  /** The traveller asked to see one package; the widget tells the agent (ui/update-model-context). */
  packageSelected?: (selection: PackageSelection) => void;
  /**
   * Asks zaezd for a package's checkout links (create_trip_checkout's answer), so they appear in
   * place; without it the «get links» link loads the board with them. Rejects with a Russian reason.
   */
  prepareCheckout?: (tripId: string, packageNumber: number) => Promise<TripCheckout>;
  /** The board is the MCP App widget (it then links to its web version). */
  widget?: boolean;
}

export interface PackageSelection {
  tripId: string;
  webUrl: string;
  event: TripEvent | null;
  pkg: TripPackage;
}

export interface TripBoard {
  render(state: BoardState): void;
  /** A line above the board: waiting for data, or why there is none. */
  message(text: string, tone: 'wait' | 'problem'): void;
  /** Re-measures the map after the frame around it changed. */
  refreshMap(): void;
}

function block(root: HTMLElement, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-block="${name}"]`);
  if (!found) throw new TypeError(`The trip board skeleton has no "${name}" block`);
  return found;
}

export function createTripBoard(root: HTMLElement, host: BoardHost = {}): TripBoard {
  const status = block(root, 'status');
  const mapCanvas = document.createElement('div');
  mapCanvas.className = 'board-map';
  mapCanvas.dataset.slot = MAP_SLOT;
  let state: BoardState | null = null;
  let view: View | null = null;
  const ui: BoardUi & { opened: Set<string> } = {
    script: true,
    widget: host.widget ?? false,
    map: 'none',
    selected: null,
    opened: new Set(),
    asking: null,
    problem: null,
  };

  const map = new BoardMap(mapCanvas, { url: root.dataset.tileUrl ?? '', attribution: root.dataset.tileAttribution ?? '' }, (mapState: MapState) => {
    ui.map = mapState;
    // The tile server's attribution is its own text, usually English; the board around it is Russian.
    mapCanvas.querySelector('.leaflet-control-attribution')?.setAttribute('lang', 'en');
    draw();
  });

  function draw(): void {
    if (!state) return;
    const current = viewOf(state);
    if (!current) return;
    view = current;
    status.hidden = true;
    const hasPlaces = mapPlaces(current).length > 0;
    if (!hasPlaces) ui.map = 'none';
    else if (ui.map === 'none') ui.map = map.current;
    const blocks = boardBlocks(current, ui);
    for (const name of BLOCK_NAMES) {
      const element = block(root, name);
      const content = blocks[name];
      element.hidden = content === null;
      element.replaceChildren(...toDom(content ?? [], { [MAP_SLOT]: mapCanvas }));
    }
    mapCanvas.classList.toggle('is-pending', ui.map === 'loading');
    root.dataset.map = ui.map;
    root.dataset.details = current.pending ? 'pending' : 'complete';
    root.setAttribute('aria-busy', String(current.pending));
    if (ui.map === 'loading' || ui.map === 'ready') {
      map.show(
        mapPlaces(current).map(
          (p): MapPlace => ({
            kind: p.kind,
            lat: p.point!.lat,
            lon: p.point!.lon,
            badge: p.badge,
            title: p.kind === 'venue' ? `Площадка: ${p.name}` : p.name,
            packages: p.packages,
          }),
        ),
      );
    }
  }

  const select = (number: number) => {
    const pkg = view?.packages.find((p) => p.number === number);
    if (!view || !pkg) return;
    ui.selected = number;
    draw();
    map.focus(number);
    block(root, 'places').scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    host.packageSelected?.({ tripId: view.tripId, webUrl: view.webUrl, event: view.event, pkg });
  };

  /** Asks for a package's checkout links and draws them in its card, the card opened on them. */
  const prepare = (number: number) => {
    if (!view || !state || !host.prepareCheckout || ui.asking !== null) return;
    const current = state;
    ui.asking = number;
    ui.problem = null;
    draw();
    host.prepareCheckout(view.tripId, number).then(
      (checkout) => {
        ui.asking = null;
        current.checkout = checkout;
        draw();
        root.querySelector<HTMLElement>(`#package-${number} .board-checkout`)?.focus();
      },
      (error: unknown) => {
        ui.asking = null;
        ui.problem = { package: number, text: error instanceof Error ? error.message : 'Туту сейчас не дал ссылки. Попробуйте через минуту.' };
        draw();
      },
    );
  };

  /**
   * Opens each checkout item of a package not opened yet, each through zaezd's live route, and
   * ticks them off. A browser may allow one new tab per click: what it blocks stays unticked, and
   * the button then offers the rest.
   */
  const openAll = (number: number) => {
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
    draw();
  };

  root.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button = target?.closest?.('button[data-select]');
    if (button) {
      select(Number(button.getAttribute('data-select')));
      return;
    }
    const all = target?.closest?.('button[data-open-all]');
    if (all) {
      openAll(Number(all.getAttribute('data-open-all')));
      return;
    }
    const ask = target?.closest?.('a[data-prepare]');
    if (ask && host.prepareCheckout && !event.defaultPrevented) {
      event.preventDefault();
      prepare(Number(ask.getAttribute('data-prepare')));
      return;
    }
    const anchor = target?.closest?.('a[href]');
    if (!anchor || event.defaultPrevented) return;
    const item = anchor.getAttribute('data-item');
    if (item) {
      ui.opened.add(item);
      // After the browser has taken the click (a new tab), so the link it follows is still in place.
      setTimeout(draw, 0);
    }
    if (host.openLink && !anchor.getAttribute('href')!.startsWith('#')) {
      event.preventDefault();
      host.openLink((anchor as HTMLAnchorElement).href);
    }
  });

  return {
    render(next) {
      state = next;
      draw();
    },
    message(text, tone) {
      status.textContent = text;
      status.classList.toggle('board-problem', tone === 'problem');
      status.hidden = false;
      root.setAttribute('aria-busy', String(tone === 'wait'));
    },
    refreshMap() {
      map.invalidateSize();
    },
  };
}
