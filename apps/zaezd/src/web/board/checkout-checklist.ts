/**
 * The checkout part of a package card: the items Tutu will open, the button that asks zaezd for
 * their links, and once answered one button per item, ticked off once opened.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripPackage } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { BoardUi, View } from './board-view-model.ts';
import { EXTERNAL, foreign, link } from './block-parts.ts';
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
 * The checklist. Before Tutu has been asked, it lists what will be opened and offers to ask;
 * once the checkout answer is here, one button per item, each saying beside it what Tutu's link
 * opens (the label follows the kind Tutu returned), opened in a new tab through zaezd's live
 * route, and ticked off once opened.
 */
export function checklist(view: View, pkg: TripPackage, ui: BoardUi): Markup[] {
  const answered = view.checkout?.package === pkg.number ? view.checkout : null;
  if (!answered) {
    return [
      m('ul', { class: 'board-items' }, ...pkg.checkout_items.map((item) => m('li', null, itemName(item, itemPrice(pkg, item))))),
      m('p', null, link(checkoutPageUrl(view.webUrl, pkg.number), 'Получить ссылки на Туту', { class: 'board-button', 'data-prepare': String(pkg.number) })),
      m('p', { class: 'board-muted' }, 'zaezd спросит у Туту ссылку на каждую часть и скажет, откроется корзина или только поиск. Ничего не бронируется.'),
    ];
  }
  return [
    m(
      'ol',
      { class: 'board-checklist' },
      ...answered.items.map((item) => {
        const key = `${pkg.number}/${item.item}`;
        const opened = ui.opened.has(key);
        return m(
          'li',
          { class: opened ? 'is-opened' : null },
          link(item.stable_url, itemName(item.item, item.price), { ...EXTERNAL, class: 'board-checkout', 'data-item': key }),
          m('span', { class: 'board-kind' }, item.label),
          opened ? m('span', { class: 'board-opened' }, '✓ открыто') : null,
          item.status !== 'link' && item.problem ? m('span', { class: 'board-muted' }, foreign(item.problem)) : null,
        );
      }),
    ),
    m(
      'p',
      { class: 'board-muted' },
      'Каждая кнопка открывает свою часть на сайте Туту в новой вкладке и каждый раз просит у Туту свежую ссылку. Корзина появится в вашей сессии Туту; zaezd ничего не бронирует.',
    ),
  ];
}

/** A checkout answer whose package is not known yet (its details did not come): the checklist alone. */
export function checkoutCard(checkout: TripCheckout, ui: BoardUi): MarkupElement {
  return m(
    'article',
    { class: 'package-card', 'data-package': String(checkout.package), id: `package-${checkout.package}` },
    m('h3', null, `Пакет ${checkout.package}`),
    m('p', { class: 'board-price' }, words.rub(checkout.total_price)),
    m('h4', null, 'Оформление на Туту'),
    m(
      'ol',
      { class: 'board-checklist' },
      ...checkout.items.map((item) => {
        const key = `${checkout.package}/${item.item}`;
        return m(
          'li',
          { class: ui.opened.has(key) ? 'is-opened' : null },
          link(item.stable_url, itemName(item.item, item.price), { ...EXTERNAL, class: 'board-checkout', 'data-item': key }),
          m('span', { class: 'board-kind' }, item.label),
          ui.opened.has(key) ? m('span', { class: 'board-opened' }, '✓ открыто') : null,
        );
      }),
    ),
  );
}
