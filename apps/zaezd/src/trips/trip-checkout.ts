/**
 * create_trip_checkout: a checklist of two or three links for one package — each leg and the
 * hotel — each carrying the `kind` Tutu actually returned and the label derived from it. No link
 * is stored; each also has a stable zaezd URL that asks Tutu for a fresh link at click time,
 * because Tutu's links expire.
 */
import * as z from 'zod';
import { CHECKOUT_ITEMS } from './trip-result.ts';

export const CheckoutItem = z.object({
  item: z.enum(CHECKOUT_ITEMS),
  title: z.string(),
  status: z
    .enum(['link', 'search_fallback', 'unavailable'])
    .describe('link: Tutu returned one; search_fallback: the live call failed and its search results are offered; unavailable: neither'),
  kind: z
    .string()
    .nullable()
    .describe('The kind Tutu returned (deeplink, checkout_deeplink, search_redirect, order_url, seats_url, hotel_page); null when the call failed'),
  label: z.string(),
  url: z.string().nullable(),
  stable_url: z.string().describe('zaezd URL that asks Tutu for a fresh link when clicked'),
  search_results_url: z.string().nullable(),
  fallback_url: z.string().nullable(),
  fallback_note: z.string().nullable(),
  passengers: z.object({ full: z.number().int(), child: z.number().int(), infant: z.number().int() }),
  price: z.number(),
  problem: z.string().nullable(),
});
export type CheckoutItem = z.infer<typeof CheckoutItem>;

export const TripCheckout = z.object({
  trip_id: z.string(),
  package: z.number().int(),
  web_url: z.string(),
  demo_data: z.boolean(),
  notice: z.string().nullable(),
  items: z.array(CheckoutItem).min(2).max(3),
  total_price: z.number(),
  how_it_works: z.string(),
});
export type TripCheckout = z.infer<typeof TripCheckout>;
