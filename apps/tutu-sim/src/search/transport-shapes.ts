/**
 * Pieces shared by the stand-in's transport answers in tutu-mcp-server's shapes: money with
 * kopecks, the four sort orders applied before paging, and `meta.carriers_available` (each
 * carrier with its offer count and cheapest price over the whole matched pool).
 */

export type TransportSort = 'price_asc' | 'price_desc' | 'duration_asc' | 'departure_asc';

export interface TransportRow {
  price: { amount: number };
  duration_min: number;
  departure_at: string;
  carriers: string[];
}

export function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}

const ORDER: Record<TransportSort, (a: TransportRow, b: TransportRow) => number> = {
  price_asc: (a, b) => a.price.amount - b.price.amount || a.departure_at.localeCompare(b.departure_at),
  price_desc: (a, b) => b.price.amount - a.price.amount || a.departure_at.localeCompare(b.departure_at),
  duration_asc: (a, b) => a.duration_min - b.duration_min || a.price.amount - b.price.amount,
  departure_asc: (a, b) => a.departure_at.localeCompare(b.departure_at) || a.price.amount - b.price.amount,
};

export function sortOffers<T extends TransportRow>(rows: T[], sort: TransportSort): T[] {
  return [...rows].sort(ORDER[sort]);
}

export function carriersAvailable(rows: TransportRow[]): Array<{ name: string; offers_count: number; price_from: number }> {
  const byName = new Map<string, { name: string; offers_count: number; price_from: number }>();
  for (const row of rows) {
    for (const name of row.carriers) {
      const seen = byName.get(name);
      if (seen) {
        seen.offers_count += 1;
        seen.price_from = Math.min(seen.price_from, row.price.amount);
      } else byName.set(name, { name, offers_count: 1, price_from: row.price.amount });
    }
  }
  return [...byName.values()].sort((a, b) => b.offers_count - a.offers_count || a.price_from - b.price_from);
}
