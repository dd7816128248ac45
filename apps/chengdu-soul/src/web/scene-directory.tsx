/**
 * `/agents`, the scene directory: its loader reads the search form from the address and answers
 * it through the same inputs and catalog queries as the list and search tools (every scene when
 * no words are given, a search when they are, an input the tools would refuse named as they name
 * it), and its view is agents-page.tsx. A page showing a visitor's own query is never indexed.
 */
import type { Context } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { UNSTORABLE_TEXT, unacceptableField } from '@agent-products/kit/mcp';
import { invalidArguments } from '@agent-products/kit/errors';
import { htmlDocument } from '@agent-products/kit/web';
import { ListInput, SearchInput } from '../catalog/query-inputs.ts';
import type { CatalogQueries, SceneListing } from '../queries/catalog-queries.ts';
import type { SearchOutcome } from '../search/search-scenes.ts';
import { AgentsPage, type SearchFormValues } from './agents-page.tsx';
import type { TileSettings } from './map-tiles.ts';

/** What the directory shows under its form, with the answer's status. */
type DirectoryAnswer = { status: 200 | 400; form: SearchFormValues; listing?: SceneListing; outcome?: SearchOutcome; inputProblem?: string };

export async function showSceneDirectory(c: Context<AppEnv>, queries: CatalogQueries, tiles: TileSettings) {
  const form = searchFormFrom(c);
  const release = await queries.currentRelease();
  // A page that shows a visitor's own query is theirs, not the site's: never indexed, and its
  // meta robots says the same as the header.
  const visitorQuery = Object.values(form).some((value) => value !== '');
  if (visitorQuery) c.header('X-Robots-Tag', 'noindex');
  const robots = visitorQuery ? 'noindex-follow' : 'index';
  const { status, ...shown } = await loadDirectoryAnswer(queries, form);
  return c.html(htmlDocument(<AgentsPage robots={robots} tiles={tiles} release={release} {...shown} />), status);
}

function searchFormFrom(c: Context<AppEnv>): SearchFormValues {
  return {
    q: c.req.query('q') ?? '',
    atmosphere: c.req.query('atmosphere') ?? '',
    discovery: c.req.query('discovery') ?? '',
    limit: c.req.query('limit') ?? '',
  };
}

/** The directory's loader: the listing or the search the form asks for, or why the form cannot be answered. */
async function loadDirectoryAnswer(queries: CatalogQueries, form: SearchFormValues): Promise<DirectoryAnswer> {
  // Refused as the search tool refuses it, and never reflected as it came.
  const unstorable = unacceptableField({ query: form.q, atmosphere: form.atmosphere, discovery: form.discovery, limit: form.limit });
  if (unstorable) {
    const shown = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.replace(new RegExp(UNSTORABLE_TEXT, 'g'), '\uFFFD')])) as SearchFormValues;
    return { status: 400, form: shown, inputProblem: `Invalid arguments: ${unstorable.field} ${unstorable.problem}.` };
  }
  if (form.q.trim() === '') {
    const filters = ListInput.safeParse({
      ...(form.atmosphere ? { atmosphere: form.atmosphere } : {}),
      ...(form.discovery ? { discovery: form.discovery } : {}),
    });
    if (!filters.success) return { status: 400, form, inputProblem: invalidArguments(filters.error).message };
    return { status: 200, form, listing: await queries.list(filters.data) };
  }
  const parsed = SearchInput.safeParse({
    query: form.q,
    ...(form.limit ? { limit: Number(form.limit) } : {}),
    ...(form.atmosphere ? { atmosphere: form.atmosphere } : {}),
    ...(form.discovery ? { discovery: form.discovery } : {}),
  });
  if (!parsed.success) return { status: 400, form, inputProblem: invalidArguments(parsed.error).message };
  return { status: 200, form, outcome: await queries.search(parsed.data) };
}
