/**
 * The input schemas of the sixteen tools, as tutu-mcp-server 0.38.0 publishes them in its
 * `tools/list`: the same argument names, types, limits, enums, defaults and required fields, and
 * `additionalProperties: false` everywhere (unknown arguments are refused). Titles and the long
 * descriptions are left out; the tools' own descriptions are the stand-in's (tool-catalog.ts).
 * A contract test compares these with the recorded `tools/list`.
 */

export type JsonSchema = Record<string, unknown>;

const text: JsonSchema = { type: 'string' };
const date: JsonSchema = { type: 'string', format: 'date' };
const flag: JsonSchema = { type: 'boolean' };
const anyObject: JsonSchema = { type: 'object', additionalProperties: true };

function bounded(type: 'integer' | 'number', minimum?: number, maximum?: number): JsonSchema {
  return { type, ...(minimum === undefined ? {} : { minimum }), ...(maximum === undefined ? {} : { maximum }) };
}
const integer = (minimum?: number, maximum?: number) => bounded('integer', minimum, maximum);
const number = (minimum?: number, maximum?: number) => bounded('number', minimum, maximum);
const oneOf = (values: string[]): JsonSchema => ({ type: 'string', enum: values });
const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const oneOfTypes = (...schemas: JsonSchema[]): JsonSchema => ({ anyOf: schemas });

/** An optional argument that may also be sent as null (pydantic's `X | None = None`). */
function orNull(schema: JsonSchema): JsonSchema {
  const choices = 'anyOf' in schema ? (schema.anyOf as JsonSchema[]) : [schema];
  return { anyOf: [...choices, { type: 'null' }], default: null };
}

function withDefault(schema: JsonSchema, value: unknown): JsonSchema {
  return { ...schema, default: value };
}

function closedObject(properties: Record<string, JsonSchema>, required?: string[]): JsonSchema {
  return { type: 'object', properties, additionalProperties: false, ...(required ? { required } : {}) };
}

export const INPUT_SCHEMAS = {
  search_hotels: closedObject({
    check_in: orNull(date),
    check_out: orNull(date),
    checkin_date: orNull(date),
    checkout_date: orNull(date),
    city_name: orNull(text),
    geo_id: orNull(text),
    adults: withDefault(integer(1, 6), 1),
    children_ages: orNull(listOf(integer())),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    stars: orNull(listOf(integer())),
    price_max: orNull(integer(0)),
    meals: orNull(listOf(text)),
    hotel_types: orNull(listOf(text)),
    min_rating: orNull(number(0, 10)),
    free_cancellation: orNull(flag),
    breakfast_included: orNull(flag),
    hotel_amenities: orNull(listOf(text)),
    room_amenities: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  search_avia: closedObject({
    origin: orNull(text),
    destination: orNull(text),
    departure_date: orNull(date),
    from_city: orNull(text),
    to_city: orNull(text),
    return_date: orNull(date),
    adults: withDefault(integer(1, 9), 1),
    children: withDefault(integer(0, 9), 0),
    infants: withDefault(integer(0, 9), 0),
    service_class: withDefault(text, 'Y'),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    sort: withDefault(oneOf(['price_asc', 'price_desc', 'duration_asc', 'departure_asc']), 'price_asc'),
    price_max: orNull(number(0)),
    direct_only: withDefault(flag, false),
    carriers: orNull(listOf(text)),
    flight_numbers: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  search_rail: closedObject({
    origin: orNull(text),
    destination: orNull(text),
    departure_date: orNull(date),
    from_city: orNull(text),
    to_city: orNull(text),
    passengers: withDefault(integer(1, 6), 1),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    sort: withDefault(oneOf(['price_asc', 'price_desc', 'duration_asc', 'departure_asc']), 'price_asc'),
    price_max: orNull(number(0)),
    direct_only: withDefault(flag, false),
    carriers: orNull(listOf(text)),
    train_numbers: orNull(listOf(text)),
    seat_categories: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  search_bus: closedObject({
    origin: orNull(text),
    destination: orNull(text),
    departure_date: orNull(date),
    from_city: orNull(text),
    to_city: orNull(text),
    adults: withDefault(integer(1, 8), 1),
    children: withDefault(integer(0, 7), 0),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    sort: withDefault(oneOf(['price_asc', 'price_desc', 'duration_asc', 'departure_asc']), 'price_asc'),
    price_max: orNull(number(0)),
    direct_only: withDefault(flag, false),
    carriers: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  search_etrain: closedObject({
    origin: orNull(text),
    destination: orNull(text),
    departure_date: orNull(date),
    from_city: orNull(text),
    to_city: orNull(text),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    sort: withDefault(oneOf(['price_asc', 'price_desc', 'duration_asc', 'departure_asc']), 'price_asc'),
    price_max: orNull(number(0)),
    direct_only: withDefault(flag, false),
    carriers: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  search_multitransport: closedObject({
    origin: orNull(text),
    destination: orNull(text),
    departure_date: orNull(date),
    from_city: orNull(text),
    to_city: orNull(text),
    adults: withDefault(integer(1, 6), 1),
    modes: orNull(listOf(oneOf(['avia', 'railway', 'bus', 'etrain']))),
    optimize_for: withDefault(oneOf(['price', 'time']), 'price'),
    page: withDefault(integer(1, 10), 1),
    page_size: withDefault(integer(1, 30), 10),
    price_max: orNull(number(0)),
    direct_only: withDefault(flag, false),
    carriers: orNull(listOf(text)),
    view: withDefault(oneOf(['compact', 'full']), 'compact'),
  }),
  get_offer_details: closedObject(
    {
      product_type: oneOf(['hotels', 'avia', 'rail', 'railway', 'bus', 'etrain']),
      offer_id: orNull(text),
      hotel_id: orNull(text),
      hotel_geo_id: orNull(text),
      details_ref: orNull(anyObject),
      check_in: orNull(date),
      check_out: orNull(date),
      adults: withDefault(integer(1, 6), 2),
      children_ages: orNull(listOf(integer())),
      review_limit: withDefault(integer(0, 50), 5),
      review_offset: withDefault(integer(0), 0),
      review_sort: withDefault(oneOf(['postedAt', 'rating']), 'postedAt'),
      review_order: withDefault(oneOf(['desc', 'asc']), 'desc'),
      review_topics: orNull(text),
      view: withDefault(oneOf(['compact', 'rules', 'reviews', 'full']), 'compact'),
    },
    ['product_type'],
  ),
  get_rail_seatmap: closedObject(
    {
      details_ref: anyObject,
      car_number: orNull(text),
      max_cars: withDefault(integer(1, 20), 5),
      max_seats_per_car: withDefault(integer(1, 120), 40),
      view: withDefault(oneOf(['compact', 'full']), 'compact'),
      task: orNull(oneOf(['far_from_wc', 'female', 'summary', 'together'])),
      seats_together: withDefault(integer(2, 6), 2),
    },
    ['details_ref'],
  ),
  get_avia_instructions: closedObject({}),
  get_rail_instructions: closedObject({}),
  get_bus_instructions: closedObject({}),
  get_etrain_instructions: closedObject({}),
  get_hotels_instructions: closedObject({}),
  get_multitransport_instructions: closedObject({}),
  create_checkout_link: closedObject({
    product_type: orNull(oneOf(['avia', 'rail', 'railway', 'etrain', 'bus', 'hotels'])),
    transport: orNull(oneOf(['avia', 'rail', 'railway', 'etrain', 'bus', 'hotels'])),
    search_results_url: orNull(text),
    departure_geo_city_id: orNull(integer()),
    arrival_geo_city_id: orNull(integer()),
    service_class: orNull(oneOfTypes(text, integer())),
    passengers_full: orNull(integer(1, 9)),
    passengers_child: orNull(integer(0, 9)),
    passengers_infant: orNull(integer(0, 9)),
    departure_avia_id: orNull(oneOfTypes(text, integer())),
    arrival_avia_id: orNull(oneOfTypes(text, integer())),
    passengers_adult: orNull(integer()),
    is_round_trip: orNull(flag),
    return_departure_at: orNull(text),
    offer_hash: orNull(oneOfTypes(text, anyObject)),
    departure_city_id: orNull(integer()),
    arrival_city_id: orNull(integer()),
    departure_station_code: orNull(text),
    arrival_station_code: orNull(text),
    departure_etrain_id: orNull(integer()),
    arrival_etrain_id: orNull(integer()),
    train_number: orNull(text),
    city_from: orNull(text),
    city_to: orNull(text),
    departure_id: orNull(integer()),
    arrival_id: orNull(integer()),
    departure_stop_id: orNull(integer()),
    arrival_stop_id: orNull(integer()),
    departure_stop_name: orNull(text),
    arrival_stop_name: orNull(text),
    passengers: withDefault(integer(1, 8), 1),
    departure_geo_point_id: orNull(integer()),
    arrival_geo_point_id: orNull(integer()),
    segment_hash: orNull(text),
    car_number: orNull(oneOfTypes(text, integer())),
    seat_numbers: orNull(listOf(oneOfTypes(text, integer()))),
    fare_type: orNull(oneOfTypes(text, integer())),
    gender_type: orNull(oneOfTypes(text, integer())),
    search_id: orNull(text),
    result_id: orNull(text),
    card_id: orNull(text),
    seat_count: orNull(integer(1, 8)),
    hotel_alias: orNull(text),
    offer_pack_hash: orNull(text),
    hotel_geo_id: orNull(oneOfTypes(text, integer())),
    check_in: orNull(text),
    check_out: orNull(text),
    adults: orNull(integer()),
    children_ages: orNull(listOf(integer())),
    fallback_url: orNull(text),
    departure_at: orNull(text),
  }),
  fetch_resource: closedObject(
    {
      uri: oneOfTypes(oneOf(['tutu://help/overview', 'tutu://geo', 'tutu://status', 'tutu://special-offers']), text),
    },
    ['uri'],
  ),
} as const satisfies Record<string, JsonSchema>;

export type SimToolName = keyof typeof INPUT_SCHEMAS;
