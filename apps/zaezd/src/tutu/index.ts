/** The Tutu upstream: the MCP tool caller, the typed client over it, and what it returns. */
export { McpToolCaller, type CallerStats, type CallOptions, type ToolCallerOptions } from './mcp-tool-caller.ts';
export { STAND_IN_NAME, TutuClient } from './tutu-client.ts';
export { UNANSWERED, UpstreamError, type UpstreamFailure } from './upstream-error.ts';
export { PARTY_LIMITS, hotelCheckoutArguments, roundTripCheckoutArguments, transportCheckoutArguments } from './call-arguments.ts';
export type { CheckoutLink, FlightDirection, FlightOffer, HotelOffer, HotelRoom, HotelRooms, SeatOffer, Search, SearchMeta, TrainOffer } from './offers.ts';
