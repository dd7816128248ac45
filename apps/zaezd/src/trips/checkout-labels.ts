/**
 * Button text for a checkout link, derived from the `kind` Tutu actually returned — never
 * assigned in advance (the table is the MCP layer rules'). `hotel_page`, which Tutu returns for a
 * hotel-level link, is not in that table; it gets a label that says what it opens. A kind Tutu
 * may add later gets a neutral label rather than a promise of a cart.
 */

export const CHECKOUT_LABELS: Readonly<Record<string, string>> = {
  checkout_deeplink: 'Открыть корзину',
  deeplink: 'Открыть страницу выбора',
  search_redirect: 'Открыть поиск, корзины не будет',
  order_url: 'Открыть заказ',
  seats_url: 'Открыть заказ',
  hotel_page: 'Открыть страницу отеля',
};

/** The label for a live call that failed, offering the search results instead. */
export const SEARCH_FALLBACK_LABEL = 'Открыть поиск, корзины не будет';

/** The label for a live call that failed with no search results to offer instead. */
export const UNAVAILABLE_LABEL = 'Ссылку сейчас получить не удалось';

const UNKNOWN_KIND_LABEL = 'Открыть ссылку на Туту';

export function labelForKind(kind: string): string {
  return CHECKOUT_LABELS[kind] ?? UNKNOWN_KIND_LABEL;
}
