/** The front page: what zaezd is, how an agent reaches it, and what it does not do. */
import { ZaezdPage } from './layout.tsx';

export function HomePage(props: { upstreamIsStandIn: boolean }) {
  return (
    <ZaezdPage title="Trips to events" robots="index">
      <h1>zaezd — trips to events</h1>
      <p>
        Tell your agent what you want to see (“a jazz festival next month from Moscow, under 40 000 ₽”). zaezd finds a matching event and builds up
        to three packages — train or plane there and back plus a hotel whose nights cover the event — and hands you links to check out on Tutu.
      </p>
      {props.upstreamIsStandIn ? (
        <p class="notice">This server runs on demo data: its travel offers come from tutu-sim, a local stand-in for Tutu.</p>
      ) : null}
      <h2>For agents</h2>
      <p>
        MCP endpoint: <code>POST /mcp</code> (Streamable HTTP, stateless). Tools: <code>find_event_trips</code>, <code>get_trip_details</code>,{' '}
        <code>create_trip_checkout</code>. Every trip has a page at <code>/t/&lt;trip_id&gt;</code>, also as JSON with <code>Accept: application/json</code>.
        Hosts that render MCP Apps show the same trip board as a widget, <code>ui://zaezd/trip-board</code>.
      </p>
    </ZaezdPage>
  );
}
