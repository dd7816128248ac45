/**
 * The checkout part of a package card: the items Tutu will open, the button that asks zaezd for
 * their links, and once answered one button per item, ticked off once opened.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripPackage } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { BoardUi, View } from './board-view-model.ts';
import { EXTERNAL, link } from './block-parts.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

function itemPrice(pkg: TripPackage, item: string): number | null {
  if (item === 'there' || item === 'back') return pkg.legs.find((l) => l.direction === item)?.price ?? null;
  if (item === 'flight') return pkg.price_breakdown.transport;
  return pkg.hotel.price_total;
}

function itemName(item: string, price: number | null): string {
  return `${words.CHECKOUT_ITEM_NAMES[item] ?? item}${price !== null ? ` — ${words.rub(price)}` : ''}`;
}

/** The address that asks zaezd for this package's checkout links (create_trip_checkout) and shows them on the board. */
export function checkoutPageUrl(webUrl: string, packageNumber: number): string {
  return `${webUrl}?package=${packageNumber}#package-${packageNumber}`;
}

/**
 * What Tutu will open for a package before it has been asked, with prices; inside the card's
 * details, since the card's one action already says what comes next.
 */
export function checkoutItemsList(view: View, pkg: TripPackage): Markup[] {
  if (view.checkout?.package === pkg.number) return [];
  return [
    m('h4', null, 'Что откроется на Туту'),
    m('ul', { class: 'board-items' }, ...pkg.checkout_items.map((item) => m('li', null, itemName(item, itemPrice(pkg, item))))),
    m('p', { class: 'board-muted' }, 'zaezd спросит у Туту ссылку на каждую часть и скажет, откроется корзина или только поиск. Ничего не бронируется.'),
  ];
}

/**
 * The card's one action. Before Tutu has been asked: «Получить ссылки на Туту» — a plain link to
 * the board with that package's links (so it works without a script), which the board's script
 * answers in place. Once the checkout answer is here, one button per item, each saying beside it
 * what Tutu's link opens (the label follows the kind Tutu returned), opened in a new tab through
 * zaezd's live route and ticked off once opened; with several items and a script to open them,
 * one «open all».
 */
export function checkoutAction(view: View, pkg: TripPackage, ui: BoardUi): Markup[] {
  const answered = view.checkout?.package === pkg.number ? view.checkout : null;
  if (!answered) {
    const asking = ui.asking === pkg.number;
    return [
      m(
        'p',
        null,
        link(checkoutPageUrl(view.webUrl, pkg.number), asking ? 'Спрашиваем ссылки у Туту…' : 'Получить ссылки на Туту', {
          class: 'board-button',
          'data-prepare': String(pkg.number),
          'aria-disabled': asking ? 'true' : null,
        }),
      ),
      ui.problem?.package === pkg.number ? m('p', { class: 'board-problem', role: 'alert' }, ui.problem.text) : null,
    ].filter((x): x is MarkupElement => x !== null);
  }
  return [m('h4', null, 'Оформление на Туту'), ...answeredChecklist(answered, ui)];
}

/** «Открыть все (3)»; once some are open, «Открыть остальные (2)»; gone when all are. */
function openAllButton(answered: TripCheckout, ui: BoardUi): MarkupElement | null {
  const left = answered.items.filter((item) => !ui.opened.has(`${answered.package}/${item.item}`)).length;
  if (left === 0) return null;
  const text = left === answered.items.length ? `Открыть все (${left})` : `Открыть остальные (${left})`;
  return m('p', null, m('button', { type: 'button', class: 'board-open-all', 'data-open-all': String(answered.package) }, text));
}

function answeredChecklist(answered: TripCheckout, ui: BoardUi): Markup[] {
  return [
    m(
      'ol',
      { class: 'board-checklist' },
      ...answered.items.map((item) => {
        const key = `${answered.package}/${item.item}`;
        const opened = ui.opened.has(key);
        return m(
          'li',
          { class: opened ? 'is-opened' : null },
          link(item.stable_url, itemName(item.item, item.price), { ...EXTERNAL, class: 'board-checkout', 'data-item': key }),
          m('span', { class: 'board-kind' }, item.label),
          opened ? m('span', { class: 'board-opened' }, '✓ открыто') : null,
          item.status !== 'link' ? m('span', { class: 'board-muted' }, 'Туту не дал ссылку на корзину; кнопка откроет то, что есть.') : null,
        );
      }),
    ),
    ui.script && answered.items.length > 1 ? openAllButton(answered, ui) : null,
    m(
      'p',
      { class: 'board-muted' },
      'Каждая кнопка просит у Туту свежую ссылку и открывает её в новой вкладке; корзина появится в вашей сессии Туту. zaezd ничего не бронирует.',
    ),
  ].filter((x): x is MarkupElement => x !== null);
}

/** A checkout answer whose package is not known yet (its details did not come): the checklist alone. */
export function checkoutCard(checkout: TripCheckout, ui: BoardUi): MarkupElement {
  return m(
    'article',
    { class: 'package-card', 'data-package': String(checkout.package), id: `package-${checkout.package}` },
    m('h3', null, `Пакет ${checkout.package}`),
    m('p', { class: 'board-price' }, words.rub(checkout.total_price)),
    m('h4', null, 'Оформление на Туту'),
    ...answeredChecklist(checkout, ui),
  );
}
