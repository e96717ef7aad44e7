// The search stage (issue 15, points 5 and 6): on the BGG store (bench/bgg-store.ts, built
// or reused as the real-data stage does), the query set of bench/search-queries.ts answered
// by our engine's text index, MiniSearch and Orama over the same names, alternate names and
// people: top-3 hit rate and median latency per method, index build time and heap. Then the
// HTTP figures of the same run: GET /v1/search against the GET /v1/games typical route, both
// from bench/http.ts over the BGG store.
//
//   npm run bench -- --only search

import { Store } from '../loader/store.js';
import type { Dataset } from '../engine/index.js';
import { bggStore, DEFAULT_BGG_STORE_DIR, MissingDataError } from './bgg-store.js';
import { httpRoutes, measureHttp, type HttpFigures } from './http.js';
import { loadEngine } from './load-engine.js';
import { currentLoad } from './machine.js';
import { measure, type MeasureOptions } from './measure.js';
import { topTextMatches } from './methods.js';
import type { BenchOptions } from './options.js';
import { miniSearchMethod, oramaMethod, type LibraryDoc, type SearchMethod } from './search-libraries.js';
import { SEARCH_QUERIES, type SearchQuery } from './search-queries.js';

/** Hits each method returns per query (what GET /v1/search answers by default). */
const LIMIT = 25;
/** The query the HTTP route is loaded with (issue 15's first complaint). */
export const HTTP_SEARCH_TEXT = 'gloom';

export interface SearchMethodFigures {
  name: string;
  description: string;
  /** Index build (first search for the engine, whose index is built lazily), ms. */
  buildMs: number;
  /** Heap + ArrayBuffer growth of the build, after a collection (MB; NaN without --expose-gc). */
  heapMb: number;
  hits: number;
  hitRate: number;
  /** Median and p99 of the per-query median latencies, µs. */
  medianUs: number;
  p99Us: number;
}

export interface SearchQueryResult extends SearchQuery {
  /** Per method: 1-based rank of the expected game in the top 3, or null; and the top 3 names. */
  ranks: Record<string, number | null>;
  top3: Record<string, string[]>;
  medianUs: Record<string, number>;
}

export type SearchFigures =
  | { status: 'skipped'; note: string }
  | {
      status: 'ran';
      games: number;
      store: string;
      methods: SearchMethodFigures[];
      queries: SearchQueryResult[];
      http: HttpFigures | { skipped: string };
      /** /v1/search req/s ÷ typical GET /v1/games req/s. */
      httpRatio?: number;
      loadAverage: { before: number; after: number };
    };

export class SearchSetError extends Error {}

export async function measureSearch(
  options: Pick<BenchOptions, 'httpSeconds' | 'httpConnections'> & MeasureOptions,
  log: (line: string) => void,
  dir = DEFAULT_BGG_STORE_DIR,
): Promise<SearchFigures> {
  let path: string;
  try {
    path = await bggStore({ dir, log: (line) => log(`  ${line}`) });
  } catch (error) {
    if (!(error instanceof MissingDataError)) throw error;
    log(`search: SKIPPED — ${error.message}`);
    return { status: 'skipped', note: `skipped: ${error.message}` };
  }
  const { games, methods, queries, loadAverage } = await measureMethods(path, options, log);
  const http =
    options.httpSeconds > 0
      ? await measureHttp(
          path,
          httpRoutes('unused', HTTP_SEARCH_TEXT).filter((r) => r.name === 'games-typical' || r.name === 'text-search'),
          { durationS: options.httpSeconds, connections: options.httpConnections },
          (line) => log(`  ${line}`),
        )
      : { skipped: '--http-seconds 0' };
  let httpRatio: number | undefined;
  if ('routes' in http) {
    const rps = (name: string): number => http.routes.find((r) => r.name === name)?.requestsPerSecond ?? NaN;
    httpRatio = rps('text-search') / rps('games-typical');
  }
  return { status: 'ran', games, store: path, methods, queries, http, httpRatio, loadAverage };
}

async function measureMethods(path: string, options: MeasureOptions, log: (line: string) => void) {
  const store = await Store.open(path, { readOnly: true });
  let docs: LibraryDoc[];
  let bggOfId: Map<string, string>;
  let dataset: Dataset;
  try {
    ({ docs, bggOfId } = await libraryDocs(store));
    ({ dataset } = await loadEngine(store));
  } finally {
    await store.close();
  }
  checkSet(docs);
  log(`search: ${docs.length.toLocaleString('en-US')} games, ${SEARCH_QUERIES.length} queries`);

  const built: { method: SearchMethod; buildMs: number; heapMb: number }[] = [];
  const engine: SearchMethod = {
    name: 'engine',
    description: "Ludex's text index (engine/text): relevance tiers, popularity inside a tier",
    // What GET /v1/search does: every match counted (for the total), the best `limit` ranked.
    search: (q, limit) =>
      topTextMatches(dataset, q, limit).rows.map((row) => bggOfId.get(dataset.game(row).id) ?? `?${row}`),
  };
  built.push(
    await timedBuild(() => {
      // the engine builds its text index on the first search
      dataset.textMatches('warm up the index');
      return engine;
    }),
  );
  built.push(await timedBuild(() => miniSearchMethod(docs)));
  built.push(await timedBuild(() => oramaMethod(docs)));
  for (const b of built)
    log(`search: ${b.method.name} index built in ${b.buildMs.toFixed(0)} ms, heap +${b.heapMb.toFixed(0)} MB`);

  const nameOf = new Map(docs.map((d) => [d.bggId, d.name]));
  const results: SearchQueryResult[] = SEARCH_QUERIES.map((q) => ({ ...q, ranks: {}, top3: {}, medianUs: {} }));
  // Every method answers the whole set before any is timed: the first query timed used to
  // run right after the libraries' indexes were built (collections and background work on a
  // 2-core machine) and its median, 5-15x the next slowest, was the engine's p99.
  for (const { method } of built) {
    for (const result of results) {
      const top = (await method.search(result.q, LIMIT)).slice(0, 3);
      const at = top.indexOf(result.bggId);
      result.ranks[method.name] = at < 0 ? null : at + 1;
      result.top3[method.name] = top.map((id) => nameOf.get(id) ?? id);
    }
    const missed = results.filter((r) => r.ranks[method.name] === null).length;
    log(`search: ${method.name} answered the set (${missed} missed)`);
  }
  const before = currentLoad();
  for (const { method } of built) {
    for (const result of results) {
      const timing = await measure(() => method.search(result.q, LIMIT), options);
      result.medianUs[method.name] = timing.medianUs;
    }
    log(`search: ${method.name} timed`);
  }
  const after = currentLoad();
  const methods = built.map(({ method, buildMs, heapMb }): SearchMethodFigures => {
    const hits = results.filter((r) => r.ranks[method.name] !== null).length;
    const latencies = results.map((r) => r.medianUs[method.name]).sort((a, b) => a - b);
    return {
      name: method.name,
      description: method.description,
      buildMs,
      heapMb,
      hits,
      hitRate: hits / results.length,
      medianUs: latencies[(latencies.length - 1) >> 1],
      p99Us: latencies[Math.min(latencies.length - 1, Math.ceil(0.99 * latencies.length) - 1)],
    };
  });
  for (const m of methods)
    log(
      `search: ${m.name} top-3 ${m.hits}/${results.length} (${(m.hitRate * 100).toFixed(1)} %), median ${m.medianUs.toFixed(0)} µs`,
    );
  return { games: docs.length, methods, queries: results, loadAverage: { before, after } };
}

async function timedBuild(
  build: () => SearchMethod | Promise<SearchMethod>,
): Promise<{ method: SearchMethod; buildMs: number; heapMb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = heapAndBuffers();
  const started = performance.now();
  const method = await build();
  const buildMs = performance.now() - started;
  gc?.();
  const heapMb = gc ? (heapAndBuffers() - heapBefore) / 2 ** 20 : NaN;
  return { method, buildMs, heapMb };
}

/** JS heap plus ArrayBuffers (the engine's index lives in typed arrays, outside heapUsed). */
function heapAndBuffers(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Every active game with its BGG id, alternate names and people (designers, artists, publishers). */
async function libraryDocs(store: Store): Promise<{ docs: LibraryDoc[]; bggOfId: Map<string, string> }> {
  const rows = await store.all<{
    id: string;
    bgg: string;
    name: string;
    alternates: string | null;
    people: string | null;
    popularity: number | null;
  }>(
    `SELECT g.id, e.external_id AS bgg, g.name,
            (SELECT string_agg(a.name, ' | ' ORDER BY a.position) FROM alternate_names a WHERE a.game_id = g.id) AS alternates,
            (SELECT string_agg(n, ' | ') FROM (
               SELECT p.name AS n FROM game_credits c JOIN people p ON p.id = c.person_id WHERE c.game_id = g.id
               UNION ALL
               SELECT p.name FROM game_publishers gp JOIN publishers p ON p.id = gp.publisher_id WHERE gp.game_id = g.id)) AS people,
            coalesce(nullif(g.rating_votes, 0), g.owner_count, 0) AS popularity
     FROM games g JOIN external_identifiers e ON e.game_id = g.id
     WHERE g.status = 'active'
     ORDER BY g.id`,
  );
  const docs = rows.map(
    (r, key): LibraryDoc => ({
      key,
      bggId: r.bgg,
      name: r.name,
      alternates: r.alternates ?? '',
      people: r.people ?? '',
      popularity: Number(r.popularity),
    }),
  );
  return { docs, bggOfId: new Map(rows.map((r) => [r.id, r.bgg])) };
}

/** Fails loudly when an expected id is missing from the store or names another game. */
function checkSet(docs: readonly LibraryDoc[]): void {
  const byBgg = new Map(docs.map((d) => [d.bggId, d]));
  for (const q of SEARCH_QUERIES) {
    const doc = byBgg.get(q.bggId);
    if (!doc) throw new SearchSetError(`search set: "${q.q}" expects BGG id ${q.bggId}, which the store lacks`);
    if (doc.name !== q.name)
      throw new SearchSetError(`search set: "${q.q}" expects ${q.bggId} "${q.name}", the store has "${doc.name}"`);
  }
}
