/**
 * The trip board as an MCP App (`ui://zaezd/trip-board`). The host loads this document on its
 * own, then delivers the answer of the tool that showed it through `ui/notifications/tool-result`;
 * the board renders it with the same renderer as the web page. Only what MCP Apps offers inside
 * the iframe is used, through the ext-apps `App` (never hand-written postMessage):
 * `ui/initialize`, the tool-input and tool-result notifications, `tools/call` (each package's
 * get_trip_details for the rates, hotel facts and weather; and, when no result arrives in time —
 * some hosts never send one — the tool the host ran, called again with the same arguments),
 * `ui/open-link` for every link, `ui/update-model-context` when the traveller picks a package.
 */
// First: it must run before the ext-apps and SDK modules define their schemas.
import './zod-jitless.ts';
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripDetails } from '../../trips/trip-details.ts';
import type { TripResult } from '../../trips/trip-result.ts';
import { BOARD_ROOT_ID, type BoardState, type PackageDetails } from './board-data.ts';
import type { PackageSelection } from './board-host.ts';
import { createTripBoard } from './render-board.ts';
import { rub } from '../../wording.ts';

/**
 * How long the board waits for the host's tool result before asking for the answer itself. A
 * duplicate of a call still running is cheap: zaezd shares identical upstream searches in flight.
 */
const RESULT_WAIT_MS = 3000;

const root = document.getElementById(BOARD_ROOT_ID)!;
const app = new App({ name: 'zaezd-trip-board', version: '1.0.0' }, {}, { autoResize: true });
const state: BoardState = { trip: null, details: [], checkout: null };
let toolArguments: Record<string, unknown> | undefined;
let answered = false;
let waitedLongEnough = false;
let askedOurselves = false;

const board = createTripBoard(root, {
  widget: true,
  /** create_trip_checkout through the host, so the links appear in the card; each opens through zaezd's live route. */
  async prepareCheckout(tripId, packageNumber) {
    if (!app.getHostCapabilities()?.serverTools) throw new Error('Чат не передаёт запросы доски в zaezd: откройте веб-версию поездки.');
    const result = await app.callServerTool({ name: 'create_trip_checkout', arguments: { trip_id: tripId, package: packageNumber } }).catch(() => null);
    if (!result || result.isError || !result.structuredContent) throw new Error('Туту сейчас не дал ссылки. Попробуйте через минуту.');
    return result.structuredContent as unknown as TripCheckout;
  },
  openLink(url) {
    if (app.getHostCapabilities()?.openLinks) {
      app.openLink({ url }).catch(() => board.message('Чат не открыл ссылку. Откройте веб-версию поездки.', 'problem'));
    } else {
      window.open(url, '_blank', 'noopener');
    }
  },
  packageSelected(selection) {
    if (!app.getHostCapabilities()?.updateModelContext) return;
    app.updateModelContext(modelContext(selection)).catch(() => {
      // The agent simply does not learn about the selection; the board itself is unaffected.
    });
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function modelContext(selection: PackageSelection) {
  const { pkg, event } = selection;
  return {
    content: [
      {
        type: 'text' as const,
        text:
          `On the zaezd trip board the traveller is looking at package ${pkg.number} (${pkg.label}, ${rub(pkg.total_price)} in total, hotel ${pkg.hotel.name})` +
          `${event ? ` of the trip to «${event.title}»` : ''}; trip_id ${selection.tripId}.`,
      },
    ],
    structuredContent: { trip_id: selection.tripId, package: pkg.number, web_url: selection.webUrl },
  };
}

function errorText(result: CallToolResult): string {
  const error = (result.structuredContent as { error?: { message?: string } } | undefined)?.error;
  const text = result.content.find((c) => c.type === 'text');
  return error?.message ?? (text && 'text' in text ? text.text : 'no explanation given');
}

function setDetails(entry: PackageDetails): void {
  state.details = [...state.details.filter((d) => d.package !== entry.package), entry];
  board.render(state);
}

/** Each package's details — rates, hotel facts, weather — asked for concurrently through the host. */
function loadDetails(tripId: string, packages: number[]): void {
  for (const number of packages) {
    if (!app.getHostCapabilities()?.serverTools) {
      setDetails({ package: number, problem: 'the host does not pass tool calls from the board to zaezd' });
      continue;
    }
    app.callServerTool({ name: 'get_trip_details', arguments: { trip_id: tripId, package: number } }).then(
      (result) =>
        setDetails(
          result.isError ? { package: number, problem: errorText(result) } : { package: number, details: result.structuredContent as unknown as TripDetails },
        ),
      (error: unknown) => setDetails({ package: number, problem: messageOf(error) }),
    );
  }
}

function accept(result: CallToolResult): void {
  if (result.isError) {
    board.message('zaezd не смог собрать поездку; что случилось, агент прочитает в ответе.', 'problem');
    return;
  }
  const data = result.structuredContent as Record<string, unknown> | undefined;
  if (data && 'coverage' in data) {
    const trip = data as unknown as TripResult;
    state.trip = trip;
    state.details = state.details.filter((d) => trip.packages.some((p) => p.number === d.package));
    board.render(state);
    loadDetails(
      trip.trip_id,
      trip.packages.map((p) => p.number).filter((n) => !state.details.some((d) => d.package === n)),
    );
  } else if (data && 'rates' in data) {
    const details = data as unknown as TripDetails;
    setDetails({ package: details.package.number, details });
  } else if (data && 'items' in data) {
    const checkout = data as unknown as TripCheckout;
    state.checkout = checkout;
    board.render(state);
    if (!state.details.some((d) => d.package === checkout.package)) loadDetails(checkout.trip_id, [checkout.package]);
  } else {
    board.message('В ответе нет данных поездки: прочитайте текст ответа в чате.', 'problem');
  }
}

/**
 * No tool result in time: call the tool again with the arguments the host sent. A checkout is
 * not called again (each call mints new links); its package's details show the same checklist.
 */
function askOurselves(): void {
  if (answered || askedOurselves || !waitedLongEnough || !toolArguments) return;
  askedOurselves = true;
  const ran = app.getHostContext()?.toolInfo?.tool.name;
  const name = ran === 'find_event_trips' || (!ran && 'topics' in toolArguments) ? 'find_event_trips' : 'get_trip_details';
  board.message('Ответ до доски не дошёл — запрашиваем его у zaezd…', 'wait');
  app.callServerTool({ name, arguments: toolArguments }).then(
    (result) => {
      if (!answered) accept(result);
    },
    () => board.message('Не удалось получить поездку от zaezd. Попросите агента повторить поиск.', 'problem'),
  );
}

async function main(): Promise<void> {
  board.message('Ждём ответ zaezd…', 'wait');
  // Handlers first: the host may send the input and the result right after the handshake.
  app.ontoolinput = (params) => {
    toolArguments = params.arguments;
    askOurselves();
  };
  app.ontoolresult = (result) => {
    answered = true;
    accept(result);
  };
  app.onhostcontextchanged = () => board.refreshMap();
  try {
    await app.connect(new PostMessageTransport(window.parent, window.parent));
  } catch {
    board.message('Доска открывается внутри агента; здесь связи с ним нет.', 'problem');
    return;
  }
  board.refreshMap();
  setTimeout(() => {
    waitedLongEnough = true;
    askOurselves();
  }, RESULT_WAIT_MS);
}

void main();
