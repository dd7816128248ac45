/**
 * The addresses a trip hands out: its web page (`/t/:id`, also its JSON) and, per checkout item,
 * a stable zaezd URL that asks Tutu for a fresh link when clicked, since Tutu's links expire.
 */
import type { CheckoutItemKey } from './trip-result.ts';

export class TripLinks {
  /** `publicUrl`: the base URL of zaezd's web pages as travellers reach them. */
  constructor(private readonly publicUrl: string) {}

  web(tripId: string): string {
    return `${this.publicUrl}/t/${tripId}`;
  }

  go(tripId: string, packageNumber: number, item: CheckoutItemKey): string {
    return `${this.web(tripId)}/go/${packageNumber}/${item}`;
  }
}
