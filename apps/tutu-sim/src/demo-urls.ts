/**
 * The links the stand-in hands out. Real Tutu links lead to tutu.ru; the stand-in's lead to its
 * own demo pages (web/demo-pages.tsx), which say plainly what the real page would hold, so a
 * demo never sends a traveller to a tutu.ru page for an order that does not exist.
 */

/** Checkout links stop working after this long, like the real ones. */
export const LINK_LIFETIME_MS = 20 * 60_000;

export function demoUrl(publicUrl: string, path: string, params: Record<string, string | number | boolean | undefined>): string {
  const url = new URL(path, publicUrl);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function searchResultsUrl(publicUrl: string, product: string, params: Record<string, string | number | boolean | undefined>): string {
  return demoUrl(publicUrl, `/demo/search/${product}`, params);
}
