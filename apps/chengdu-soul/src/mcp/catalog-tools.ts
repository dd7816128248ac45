/**
 * The three public catalog tools. Thin by design: validate (zod, via the kit's tool contract),
 * call the catalog queries, render text. No credential is needed for any of them.
 */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import { GetInput, ListInput, SearchInput } from '../catalog/query-inputs.ts';
import { ListOutput, SceneOutput, SearchOutput } from './output-schemas.ts';
import { renderListing, renderScene, renderSearch } from './render-text.ts';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function catalogTools(queries: CatalogQueries): Tool[] {
  return [
    defineTool({
      name: 'list_chengdu_scenes',
      title: 'List Chengdu scenes',
      description:
        'Read the current reviewed catalog of Chengdu scene overviews and its limits (day count, scenes per day, search bounds). ' +
        'Public; no credential. Scenes marked selectionOnly are optional day-trip outings that are never added to a plan unless the traveler chooses them.',
      input: ListInput,
      output: ListOutput,
      annotations: READ_ONLY,
      run: (args) => queries.list(args),
      text: renderListing,
    }),
    defineTool({
      name: 'search_chengdu_scenes',
      title: 'Search Chengdu scenes',
      description:
        'Bounded keyword search (not semantic search) over English/Chinese scene names, a reviewed keyword list and the words of the reviewed scene texts. ' +
        'All recognized terms and filters must match. Results come best match first; each says why (which terms matched in which fields), ' +
        'and interpretedTerms shows any spelling correction. status is ok, needs_clarification (unrecognized words), ' +
        'unsupported_request (opening hours, tickets, prices, bookings, hotels, accessibility, live crowds and similar cannot be verified) ' +
        'or no_match (understood but conflicting); the last three return no results and name the words that caused them. Ask the traveler rather than dropping a requirement.',
      input: SearchInput,
      output: SearchOutput,
      annotations: READ_ONLY,
      run: (args) => queries.search(args),
      text: renderSearch,
    }),
    defineTool({
      name: 'get_chengdu_scene',
      title: 'Get a Chengdu scene overview',
      description:
        'Read one scene by cardId at the exact current catalogVersion: overview, visit caveat, scoped review date, unknowns, location ' +
        '(an exact providerPlaceId, or navigation points that are not the scene itself) and the selection object to copy into sceneSelection ' +
        'after the traveler chooses it. A stale or unknown version or ID is an error naming the current version.',
      input: GetInput,
      output: SceneOutput,
      annotations: READ_ONLY,
      run: (args) => queries.scene(args.cardId, args.catalogVersion),
      text: renderScene,
    }),
  ];
}
