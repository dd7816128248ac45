/** `/agents`: how an agent reaches zaezd — the endpoint, the three tools, the trip pages and the widget. In English, for whoever sets the agent up. */
import { ZaezdPage } from './layout.tsx';

export function AgentsPage(props: { upstreamIsStandIn: boolean }) {
  return (
    <ZaezdPage title="For agents" lang="en">
      <h1>zaezd for agents</h1>
      <p>
        Tell your agent what you want to see (“a jazz festival next month from Moscow, under 40 000 ₽”). zaezd finds a matching event and builds up to three
        packages — train or plane there and back plus a hotel whose nights cover the event — and hands back links to check out on Tutu.
      </p>
      {props.upstreamIsStandIn ? <p class="notice">This server runs on demo data: its travel offers come from tutu-sim, a local stand-in for Tutu.</p> : null}
      <h2>Connect</h2>
      <p>
        MCP endpoint: <code>POST /mcp</code> (Streamable HTTP, stateless). Tools: <code>find_event_trips</code>, <code>get_trip_details</code>,{' '}
        <code>create_trip_checkout</code>. Every trip has a page at <code>/t/&lt;trip_id&gt;</code>, also as JSON with <code>Accept: application/json</code>.
        Hosts that render MCP Apps show the same trip board as a widget, <code>ui://zaezd/trip-board</code>.
      </p>
      <p>
        People can search without an agent on{' '}
        <a href="/" hreflang="ru">
          the front page
        </a>
        ; it runs the same search as <code>find_event_trips</code>.
      </p>
    </ZaezdPage>
  );
}
