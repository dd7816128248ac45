/**
 * Typed values read from Tutu's answers (tutu-mcp-server 0.38.0 shapes). Amounts are roubles
 * exactly as Tutu gave them. What a price covers is fixed by the kind of offer, since Tutu sends
 * no pricing field on transport: a rail fare is one seat's ticket; a flight offer's price is for
 * the party it was searched with; a hotel price is tagged `stay_total` — the whole stay for the
 * searched guests, never to be multiplied by nights. `checkoutRef` is kept verbatim: its fields
 * go back to create_checkout_link unchanged.
 */

export interface SearchMeta {
  currency: string | null;
  totalMatched: number | null;
  hasMore: boolean;
  /** Tutu's listing page for the search (from the offers; the meta of a search carries none). */
  searchResultsUrl: string | null;
  /** Tutu's own remark on the search (an upstream or airport note). */
  note: string | null;
  /** Same-named places Tutu also found for the origin, destination or city. */
  alsoNamed: string[];
  dataSource: string | null;
  /** Rows that could not be read and were left out. */
  skippedRows: number;
}

/** One car category a train sells, at its cheapest fare for one seat. */
export interface SeatOffer {
  /** SEDENTARY, RESERVED_SEAT, COMPARTMENT, LUX, SOFT, SHARED; null when Tutu gave no breakdown. */
  category: string | null;
  price: number;
  fareCount: number | null;
}

export interface TrainOffer {
  offerId: string;
  trainNumber: string;
  /** The train's brand (Сапсан, Ласточка …) when Tutu names one. */
  name: string | null;
  carriers: string[];
  departureStation: string;
  arrivalStation: string;
  departureAt: string;
  arrivalAt: string;
  durationMinutes: number;
  seats: SeatOffer[];
  searchResultsUrl: string | null;
  checkoutRef: Record<string, unknown>;
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
  searchResultsUrl: string | null;
  checkoutRef: Record<string, unknown>;
}

export interface HotelOffer {
  hotelId: string;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number | null;
  address: string | null;
  coords: { lat: number; lon: number } | null;
  /** The whole stay for the searched guests (`price_basis: stay_total`). */
  price: number;
  nights: number | null;
  roomName: string | null;
  meal: string | null;
  freeCancellation: boolean | null;
  checkoutUrl: string | null;
  checkoutRef: Record<string, unknown>;
}

/** One rate of one room: only its `offerpackHash` mints a hotel cart. */
export interface HotelRoom {
  roomName: string;
  meal: string | null;
  /** The whole stay for the searched guests. */
  price: number;
  freeCancellation: boolean | null;
  cancellationNote: string | null;
  offerpackHash: string;
}

export interface HotelRooms {
  checkInTime: string | null;
  checkOutTime: string | null;
  amenities: string[];
  rooms: HotelRoom[];
  skippedRows: number;
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
