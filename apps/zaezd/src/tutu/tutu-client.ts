/**
 * zaezd's typed view of the Tutu MCP server: the few calls a trip needs, with the arguments the
 * live server's schemas accept (see call-arguments.ts) and readers for the shapes it answers in.
 * Searches are idempotent — retried, and cached as the rows they were read into — and a checkout
 * link is asked for exactly once per call. Upstream tools are used, never re-exported.
 */
import type { City } from '../geo/cities.ts';
import { aviaSearchArguments, hotelRoomsArguments, hotelSearchArguments, railSearchArguments } from './call-arguments.ts';
import type { McpToolCaller } from './mcp-tool-caller.ts';
import type { CheckoutLink, FlightOffer, HotelOffer, HotelRooms, Search, TrainOffer } from './offers.ts';
import { readAviaSearch, readCheckoutLink, readHotelRooms, readHotelSearch, readRailSearch } from './result-shapes.ts';

/** The upstream server name the local stand-in announces; everything it returns is demo data. */
export const STAND_IN_NAME = 'tutu-sim';

export class TutuClient {
  constructor(private readonly caller: McpToolCaller) {}

  /** True when the upstream is the local stand-in (known once connected). */
  get isStandIn(): boolean {
    return this.caller.serverInfo?.name === STAND_IN_NAME;
  }

  get stats() {
    return this.caller.stats;
  }

  /** A cheap reachability probe (an MCP ping) with a short timeout of its own. */
  reachable(timeoutMs?: number): Promise<boolean> {
    return this.caller.reachable(timeoutMs);
  }

  searchRail(from: City, to: City, date: string, passengers: number, deadline?: number): Promise<Search<TrainOffer>> {
    return this.caller.callAndRead('search_rail', railSearchArguments(from, to, date, passengers), { idempotent: true, deadline, read: readRailSearch });
  }

  searchRoundTripFlights(from: City, to: City, departureDate: string, returnDate: string, adults: number, deadline?: number): Promise<Search<FlightOffer>> {
    return this.caller.callAndRead('search_avia', aviaSearchArguments(from, to, departureDate, returnDate, adults), {
      idempotent: true,
      deadline,
      read: readAviaSearch,
    });
  }

  searchHotels(city: City, checkIn: string, checkOut: string, adults: number, deadline?: number): Promise<Search<HotelOffer>> {
    return this.caller.callAndRead('search_hotels', hotelSearchArguments(city, checkIn, checkOut, adults), {
      idempotent: true,
      deadline,
      read: readHotelSearch,
    });
  }

  hotelRooms(hotelId: string, checkIn: string, checkOut: string, adults: number): Promise<HotelRooms> {
    return this.caller.callAndRead('get_offer_details', hotelRoomsArguments(hotelId, checkIn, checkOut, adults), { idempotent: true, read: readHotelRooms });
  }

  /** A fresh checkout link: never cached, never retried, because each one is new and expires. */
  checkoutLink(fields: Record<string, unknown>): Promise<CheckoutLink> {
    return this.caller.callAndRead('create_checkout_link', fields, { idempotent: false, read: readCheckoutLink });
  }

  close(): Promise<void> {
    return this.caller.close();
  }
}
