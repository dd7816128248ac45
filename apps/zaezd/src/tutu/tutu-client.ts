/**
 * zaezd's typed view of the Tutu MCP server: the few calls a trip needs, with Russian place
 * names (Tutu resolves those reliably; Latin names can land on the wrong place) and the party
 * size always passed explicitly (get_offer_details assumes two adults otherwise). Searches are
 * idempotent — cached, retried — and a checkout link is asked for exactly once per call.
 * Upstream tools are used, never re-exported.
 */
import type { City } from '../geo/cities.ts';
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

  reachable(): Promise<boolean> {
    return this.caller.reachable();
  }

  async searchRail(from: City, to: City, date: string, passengers: number): Promise<Search<TrainOffer>> {
    return readRailSearch(await this.caller.call('search_rail', { origin: from.nameRu, destination: to.nameRu, date, passengers }, true));
  }

  async searchRoundTripFlights(from: City, to: City, departureDate: string, returnDate: string, adults: number): Promise<Search<FlightOffer>> {
    const args = { origin: from.nameRu, destination: to.nameRu, departure_date: departureDate, return_date: returnDate, adults, children: 0, infants: 0, page_size: 30, sort: 'price_asc' };
    return readAviaSearch(await this.caller.call('search_avia', args, true));
  }

  async searchHotels(city: City, checkIn: string, checkOut: string, adults: number): Promise<Search<HotelOffer>> {
    const args = { city_name: city.nameRu, check_in: checkIn, check_out: checkOut, adults, page_size: 50 };
    return readHotelSearch(await this.caller.call('search_hotels', args, true));
  }

  async hotelRooms(hotelId: number, checkIn: string, checkOut: string, adults: number): Promise<HotelRooms> {
    const args = { product_type: 'hotel', hotel_id: hotelId, check_in: checkIn, check_out: checkOut, adults, view: 'full' };
    return readHotelRooms(await this.caller.call('get_offer_details', args, true));
  }

  /** A fresh checkout link: never cached, never retried, because each one is new and expires. */
  async checkoutLink(fields: Record<string, unknown>): Promise<CheckoutLink> {
    return readCheckoutLink(await this.caller.call('create_checkout_link', fields, false));
  }

  close(): Promise<void> {
    return this.caller.close();
  }
}
