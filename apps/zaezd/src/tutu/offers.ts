/**
 * Typed values read from Tutu's answers. Prices are roubles exactly as Tutu gave them; what a
 * price covers is the search's `pricingBasis` (per_seat for rail, party_total for flights and
 * hotels), which the orchestrator applies. `checkoutRef` is kept verbatim: its fields go back to
 * create_checkout_link unchanged.
 */

export interface SearchMeta {
  pricingBasis: string | null;
  currency: string | null;
  totalMatched: number | null;
  hasMore: boolean;
  searchResultsUrl: string | null;
  /** Tutu's own remark on the search (e.g. sales not open yet). */
  note: string | null;
  /** Same-named places Tutu also found for the origin, destination or city. */
  alsoNamed: string[];
  dataSource: string | null;
  /** Rows that could not be read and were left out. */
  skippedRows: number;
}

export interface SeatOffer {
  category: string;
  price: number;
  available: number | null;
  checkoutRef: Record<string, unknown>;
}

export interface TrainOffer {
  trainNumber: string;
  name: string | null;
  departureStation: string;
  arrivalStation: string;
  departureAt: string;
  arrivalAt: string;
  durationMinutes: number;
  seats: SeatOffer[];
}

export interface FlightDirection {
  flights: string[];
  from: string | null;
  to: string | null;
  departureAt: string;
  arrivalAt: string;
  durationMinutes: number;
  stops: number;
}

export interface FlightOffer {
  offerId: string;
  price: number;
  carrier: string;
  direct: boolean;
  baggage: string | null;
  there: FlightDirection;
  back: FlightDirection | null;
  checkoutRef: Record<string, unknown>;
}

export interface HotelOffer {
  hotelId: number;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number | null;
  address: string | null;
  coords: { lat: number; lon: number } | null;
  hotelType: string | null;
  price: number;
  pricePerNight: number | null;
  nights: number | null;
  roomName: string | null;
  meal: string | null;
  freeCancellation: boolean | null;
  offerpackHash: string | null;
  checkoutUrl: string | null;
}

export interface HotelRoom {
  roomName: string;
  meal: string | null;
  price: number;
  pricePerNight: number | null;
  freeCancellation: boolean | null;
  cancellationNote: string | null;
  checkoutRef: Record<string, unknown>;
}

export interface HotelRooms {
  meta: SearchMeta;
  checkInTime: string | null;
  checkOutTime: string | null;
  amenities: string[];
  rooms: HotelRoom[];
}

export interface Search<T> {
  meta: SearchMeta;
  rows: T[];
}

export interface CheckoutLink {
  url: string;
  kind: string;
  searchResultsUrl: string | null;
  fallbackUrl: string | null;
  fallbackNote: string | null;
}
