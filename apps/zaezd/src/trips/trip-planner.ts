/**
 * The orchestrator behind the three tools and the trip pages. It keeps no state: a trip is
 * rebuilt from its ID each time (`build-trip.ts`) — the event looked up again, the five Tutu
 * searches run again (cached briefly, so reopening a trip is cheap) — and a checkout link is asked
 * for live (`checkout-items.ts`), never stored. The details view is `details-view.ts`; the
 * addresses a trip hands out are `trip-links.ts`.
 */
import { moscowToday } from '../calendar.ts';
import type { EventsSource } from '../events/event.ts';
import type { TutuClient } from '../tutu/index.ts';
import type { WeatherSource } from '../weather/weather.ts';
import { fail } from '../errors.ts';
import type { BuiltPackage } from './build-packages.ts';
import { buildTrip } from './build-trip.ts';
import type { BuiltTrip, EventTrip } from './built-trip.ts';
import type { CheckoutHosts } from './checkout-hosts.ts';
import { HOW_CHECKOUT_WORKS, checkoutItem } from './checkout-items.ts';
import { detailsView } from './details-view.ts';
import type { CheckoutItem, TripCheckout } from './trip-checkout.ts';
import type { TripDetails } from './trip-details.ts';
import { decodeTripId, type TripSelection } from './trip-id.ts';
import { TripLinks } from './trip-links.ts';
import { resolveTripRequest, type TripInput } from './trip-request.ts';
import type { TripResult } from './trip-result.ts';

export interface TripPlannerOptions {
  events: EventsSource;
  tutu: TutuClient;
  weather: WeatherSource;
  /** The base URL of zaezd's web pages, for the trip links it hands out. */
  publicUrl: string;
  /** The most one trip's Tutu searches may take, all events tried together. */
  searchBudgetMs: number;
  /** Which of Tutu's links may be handed out and redirected to. */
  checkoutHosts: CheckoutHosts;
}

export class TripPlanner {
  private readonly links: TripLinks;

  constructor(private readonly options: TripPlannerOptions) {
    this.links = new TripLinks(options.publicUrl);
  }

  async find(input: TripInput, now: Date): Promise<TripResult> {
    const today = moscowToday(now);
    return (await this.build({ request: resolveTripRequest(input, today), event: null }, today, false)).result;
  }

  /** The same trip again from its ID alone (the `/t/:id` page and the other two tools). */
  async reproduce(tripId: string, now: Date): Promise<TripResult> {
    return (await this.build(decodeTripId(tripId), moscowToday(now), true)).result;
  }

  async details(tripId: string, packageNumber: number, now: Date): Promise<TripDetails> {
    const { trip, built } = await this.package(tripId, packageNumber, now);
    return detailsView(this.options, trip, built, now);
  }

  async checkout(tripId: string, packageNumber: number, now: Date): Promise<TripCheckout> {
    const { trip, built } = await this.package(tripId, packageNumber, now);
    const items = await Promise.all(built.view.checkout_items.map((item) => checkoutItem(this.checkoutSources(), trip, built, item)));
    return {
      trip_id: trip.result.trip_id,
      package: packageNumber,
      web_url: trip.result.web_url,
      demo_data: trip.result.demo_data,
      notice: trip.result.notice,
      items,
      total_price: built.view.total_price,
      how_it_works: HOW_CHECKOUT_WORKS,
    };
  }

  /** One checklist item asked for live, for the click-time redirect. */
  async freshLink(tripId: string, packageNumber: number, item: string, now: Date): Promise<CheckoutItem> {
    const { trip, built } = await this.package(tripId, packageNumber, now);
    const key = built.view.checkout_items.find((k) => k === item);
    if (!key) {
      throw fail('invalid_arguments', `Package ${packageNumber} has no checkout item "${item}"; it has ${built.view.checkout_items.join(', ')}.`, {
        fields: [{ field: 'item', problem: `must be one of ${built.view.checkout_items.join(', ')}` }],
      });
    }
    return checkoutItem(this.checkoutSources(), trip, built, key);
  }

  /** Package `packageNumber` of the trip the ID names; a trip with no event has no packages. */
  private async package(tripId: string, packageNumber: number, now: Date): Promise<{ trip: EventTrip; built: BuiltPackage }> {
    const trip = await this.build(decodeTripId(tripId), moscowToday(now), true);
    const built = trip.kind === 'trip' ? trip.packages[packageNumber - 1] : undefined;
    if (trip.kind === 'no_event' || !built) {
      const numbers = trip.kind === 'trip' ? trip.packages.map((p) => p.view.number) : [];
      throw fail(
        'unknown_package',
        numbers.length > 0
          ? `This trip has packages ${numbers.join(', ')}, not ${packageNumber}.`
          : `This trip has no packages (status ${trip.result.status}).`,
        { packages: numbers },
      );
    }
    return { trip, built };
  }

  private build(selection: TripSelection, today: string, reproducing: boolean): Promise<BuiltTrip> {
    return buildTrip({ ...this.options, links: this.links }, selection, today, reproducing);
  }

  private checkoutSources() {
    return { tutu: this.options.tutu, links: this.links, checkoutHosts: this.options.checkoutHosts };
  }
}
