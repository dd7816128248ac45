/**
 * zaezd's typed view of the Tutu MCP server: the few calls a trip needs, with the arguments the
 * live server's schemas accept (see call-arguments.ts) and readers for the shapes it answers in.
 * Searches are idempotent — cached, retried — and a checkout link is asked for exactly once per
 * call. Upstream tools are used, never re-exported.
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

  async searchRail(from: City, to: City, date: string, passengers: number, deadline?: number): Promise<Search<TrainOffer>> {
    return readRailSearch(await this.caller.call('search_rail', railSearchArguments(from, to, date, passengers), { idempotent: true, deadline }));
  }

  async searchRoundTripFlights(from: City, to: City, departureDate: string, returnDate: string, adults: number, deadline?: number): Promise<Search<FlightOffer>> {
    return readAviaSearch(await this.caller.call('search_avia', aviaSearchArguments(from, to, departureDate, returnDate, adults), { idempotent: true, deadline }));
  }

  async searchHotels(city: City, checkIn: string, checkOut: string, adults: number, deadline?: number): Promise<Search<HotelOffer>> {
    return readHotelSearch(await this.caller.call('search_hotels', hotelSearchArguments(city, checkIn, checkOut, adults), { idempotent: true, deadline }));
  }

  async hotelRooms(hotelId: string, checkIn: string, checkOut: string, adults: number): Promise<HotelRooms> {
    return readHotelRooms(await this.caller.call('get_offer_details', hotelRoomsArguments(hotelId, checkIn, checkOut, adults), { idempotent: true }));
  }

  /** A fresh checkout link: never cached, never retried, because each one is new and expires. */
  async checkoutLink(fields: Record<string, unknown>): Promise<CheckoutLink> {
    return readCheckoutLink(await this.caller.call('create_checkout_link', fields, { idempotent: false }));
  }

  close(): Promise<void> {
    return this.caller.close();
  }
}
