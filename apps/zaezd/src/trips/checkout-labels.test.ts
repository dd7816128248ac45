/** Checkout labels follow the kind Tutu returned, exactly as the MCP layer rules' table says. */
import { describe, expect, it } from 'vitest';
import { labelForKind } from './checkout-labels.ts';

describe('checkout labels', () => {
  it.each([
    ['checkout_deeplink', 'Открыть корзину'],
    ['deeplink', 'Открыть страницу выбора'],
    ['search_redirect', 'Открыть поиск, корзины не будет'],
    ['order_url', 'Открыть заказ'],
    ['seats_url', 'Открыть заказ'],
    ['hotel_page', 'Открыть страницу отеля'],
  ])('%s → %s', (kind, label) => {
    expect(labelForKind(kind)).toBe(label);
  });

  it('never promises a cart for a kind it does not know', () => {
    expect(labelForKind('wallet_pass')).toBe('Открыть ссылку на Туту');
  });
});
