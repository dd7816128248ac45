/**
 * get_trip_details for one package of a rebuilt trip: the hotel as Tutu's room list describes it
 * (the searched offer's room, check-in times, amenities; the search's facts when that list cannot
 * be read), the rates and what each covers, and the weather for the event days.
 */
import { todayIn } from '../calendar.ts';
import { cityByKey } from '../geo/cities.ts';
import { UpstreamError, type HotelRooms, type TutuClient } from '../tutu/index.ts';
import type { Weather, WeatherSource } from '../weather/weather.ts';
import type { BuiltPackage } from './build-packages.ts';
import type { EventTrip } from './built-trip.ts';
import { matchingRoom } from './matching-room.ts';
import type { TripDetails } from './trip-details.ts';

export interface DetailsSources {
  tutu: TutuClient;
  weather: WeatherSource;
}

export async function detailsView(sources: DetailsSources, trip: EventTrip, built: BuiltPackage, now: Date): Promise<TripDetails> {
  const { chosen, result } = trip;
  const city = cityByKey(chosen.occurrence.city);
  const stay = built.hotel.stay;
  const [rooms, weather] = await Promise.all([
    sources.tutu.hotelRooms(built.hotel.offer.hotelId, stay.checkIn, stay.checkOut, result.request.adults).then(
      (value): HotelRooms | UpstreamError => value,
      (error: unknown) => {
        if (error instanceof UpstreamError) return error;
        throw error;
      },
    ),
    sources.weather.forecast({
      lat: chosen.occurrence.venue.lat,
      lon: chosen.occurrence.venue.lon,
      timezone: city.timezone,
      from: chosen.visit.from,
      to: chosen.visit.to,
      today: todayIn(now, city.utcOffsetHours),
    }),
  ]);
  const offer = built.hotel.offer;
  const room = rooms instanceof UpstreamError ? undefined : matchingRoom(rooms, offer.meal, offer.price);
  const view = built.view;
  return {
    trip_id: result.trip_id,
    web_url: result.web_url,
    demo_data: result.demo_data,
    notice: result.notice,
    event: trip.event,
    package: view,
    hotel: {
      name: offer.name,
      stars: offer.stars,
      rating: offer.rating,
      address: offer.address,
      distance_to_venue_km: built.hotel.distanceKm,
      coords: offer.coords,
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      check_in_time: rooms instanceof UpstreamError ? null : rooms.checkInTime,
      check_out_time: rooms instanceof UpstreamError ? null : rooms.checkOutTime,
      room: room?.roomName ?? offer.roomName,
      meal: room?.meal ?? offer.meal,
      free_cancellation: room?.freeCancellation ?? offer.freeCancellation,
      cancellation_note: room?.cancellationNote ?? null,
      amenities: rooms instanceof UpstreamError ? [] : rooms.amenities,
      details_note:
        rooms instanceof UpstreamError
          ? `Room details are missing: ${rooms.message}`
          : room
            ? null
            : 'Tutu listed no room matching the searched offer; the room shown is the one from the search.',
    },
    rates: {
      currency: 'RUB',
      hotel: {
        per_night: built.hotel.perNight,
        nights: built.hotel.nights,
        total: built.hotel.total,
        pricing_basis: 'stay_total',
      },
      transport: {
        total: view.price_breakdown.transport,
        pricing_basis: view.transport_pricing.basis,
        per_seat: built.mode === 'rail' ? [built.railThere.seat.price, built.railBack.seat.price] : [],
        note: view.transport_pricing.note,
      },
      party_total: view.total_price,
      adults: result.request.adults,
    },
    weather: weatherView(weather),
  };
}

function weatherView(weather: Weather): TripDetails['weather'] {
  if (weather.status === 'unavailable') return { status: 'unavailable', source: weather.source, reason: weather.reason, note: null, days: [] };
  return {
    status: 'forecast',
    source: weather.source,
    reason: null,
    note: weather.note,
    days: weather.days.map((d) => ({
      date: d.date,
      summary: d.summary,
      temperature_max_c: d.temperatureMaxC,
      temperature_min_c: d.temperatureMinC,
      precipitation_mm: d.precipitationMm,
      precipitation_probability: d.precipitationProbability,
    })),
  };
}
