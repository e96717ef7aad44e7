// BGG's own geek rating and rank, end to end: the full dump (../shared/data, test data only)
// is imported and materialized with no prior settings at all (the import stores the prior
// fitted to BGG's geek rating, bench/fit-bayes-prior.ts, docs/import-bgg-csv.md); every
// ranked game then serves the dump's bayesaverage exactly, and the served top 100 by rank is
// the dump's top 100 position for position. Skips with a visible warning when the data is absent.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitPrior, readDump, type DumpRow } from '../../bench/fit-bayes-prior.js';
import { buildDataset } from '../../engine/index.js';
import { importBggCsv } from '../../loader/import/bgg-csv.js';
import { loadDatasetInput } from '../../loader/load.js';
import { materialize } from '../../snapshots/materialize.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { call, testAppDeps, type ListJson } from '../helpers/app.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DUMP = resolve(REPO, '../shared/data/bgg-csv/boardgames_ranks_2025-12-10.csv');
const present = existsSync(DUMP);
if (!present) console.warn(`SKIPPED: the BGG prior test needs ${DUMP} (../shared/data is absent)`);

/** The documented settings (docs/import-bgg-csv.md, "The geek rating's prior"). */
const BAYES_PRIOR_VOTES = 2480;
const BAYES_PRIOR_MEAN = 5.5;
const NOW = new Date('2026-01-01T00:00:00.000Z');

/** legacy_ids of the first 100 games of a list path, following `next` when a page is short. */
async function firstHundred(app: ReturnType<typeof createApp>, first: string): Promise<number[]> {
  const ids: number[] = [];
  let path: string | undefined = first;
  while (path && ids.length < 100) {
    const reply = await call(app, path);
    expect(reply.status).toBe(200);
    const body = reply.body as ListJson;
    ids.push(...body.data.map((g) => g.legacy_id as number));
    path = body._links.next?.href.replace(/^https?:\/\/[^/]+/, '');
  }
  return ids.slice(0, 100);
}

describe.skipIf(!present)('BGG geek rating prior over the full dump', () => {
  let store: Store;
  let rows: DumpRow[];
  let served: number[];
  let ranking: number[];

  beforeAll(async () => {
    rows = await readDump(DUMP);
    store = await Store.open(':memory:');
    await migrate(store);
    await importBggCsv(store, [DUMP], { refresh: aggregateRefresh(), now: NOW });
    // The defaults an unconfigured server passes: the stored prior must win over them.
    await materialize(store, { trigger: 'cli', now: NOW, bayesPriorVotes: 100, bayesPriorMean: null, rankMinVotes: 1 });
    const app = createApp(testAppDeps(store, new DatasetState(buildDataset(await loadDatasetInput(store)))));
    // BGG's overall rank leaves expansions out, so the bayes_rating comparison is over base games.
    served = await firstHundred(app, '/v1/games?type=base_game&sort=bayes_rating&order=desc&limit=100');
    // The served ranking: rank_overall ascending (D21 orders it by bayes_rating).
    ranking = await firstHundred(app, '/v1/games?sort=rank&order=asc&limit=100');
  }, 600_000);
  afterAll(async () => store?.close());

  it('the documented prior is the fit of the dump', () => {
    const fit = fitPrior(rows);
    expect(Math.round(fit.votes / 10) * 10).toBe(BAYES_PRIOR_VOTES);
    expect(Math.round(fit.mean * 100) / 100).toBe(BAYES_PRIOR_MEAN);
  });

  it("serves BGG's bayesaverage exactly for every ranked game (no local votes)", async () => {
    const geek = await store.all<{ bgg: string; bayes_rating: number }>(
      `SELECT e.external_id AS bgg, g.bayes_rating FROM games g
       JOIN external_identifiers e ON e.game_id = g.id AND e.source = 'legacy' WHERE g.rank_overall IS NOT NULL`,
    );
    const bayes = new Map(rows.filter((r) => r.rank > 0).map((r) => [String(r.id), r.bayes]));
    expect(geek).toHaveLength(bayes.size);
    const off = geek.filter((g) => g.bayes_rating !== bayes.get(g.bgg));
    expect(off.slice(0, 5)).toEqual([]);
  });

  it("ranks exactly the games BGG ranks, and its top 100 by rank is the dump's, position for position", async () => {
    const dumpTop = rows
      .filter((r) => r.rank > 0)
      .sort((a, b) => a.rank - b.rank)
      .slice(0, 100)
      .map((r) => r.id);
    const inDump = new Set(dumpTop);
    // The dump's rank=0 (BGG's "Not Ranked": expansions, re-releases, big boxes, < 30 ratings)
    // is imported as the baseline's unranked flag, so the ranked set is BGG's own.
    const [{ ranked }] = await store.all<{ ranked: number }>(
      'SELECT CAST(count(*) AS INTEGER) AS ranked FROM games WHERE rank_overall IS NOT NULL',
    );
    expect(ranked).toBe(rows.filter((r) => r.rank > 0).length);
    expect(ranking).toHaveLength(100);
    expect(ranking).toEqual(dumpTop);
    // sort=bayes_rating over base games also lists the editions BGG leaves unranked (they keep
    // their geek rating): a few of them reach its top 100.
    const bayesShared = served.filter((id) => inDump.has(id)).length;
    expect(bayesShared).toBeGreaterThanOrEqual(94);
  });
});
