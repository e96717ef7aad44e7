// The real-data stage of `npm run bench`: the BGG store (bench/bgg-store.ts, built once and
// kept under bench/.cache/bgg-store/), opened read-only and loaded into the engine, then the
// same filter-plan comparison as the synthetic stage — agreement check included, so a
// disagreement fails the run here too — over the real-data query set (queries-bgg.ts).
// Without ../shared/data the stage is skipped with a visible line, never failed.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Store } from '../loader/store.js';
import { addPostgres } from './add-postgres.js';
import { bggStore, DEFAULT_BGG_STORE_DIR, MissingDataError } from './bgg-store.js';
import { closeFilterPlans, measureFilterPlans, setupFilterPlans, type FilterPlanSetup } from './filter-plans.js';
import { columnFileInChild, columnFileMs, loadEngine, writeBenchColumnFile } from './load-engine.js';
import type { MeasureOptions } from './measure.js';
import type { BenchOptions } from './options.js';
import { sortNameNote } from './sql-sort-names.js';
import { assertBggQueriesMatch, BGG_LEFT_OUT, bggQueries, loadBggVocabulary } from './queries-bgg.js';
import type { BggFigures } from './figures.js';
import { currentLoad } from './machine.js';

export async function measureBgg(
  options: Pick<BenchOptions, 'noPostgres' | 'quick'> & MeasureOptions,
  log: (line: string) => void,
  dir = DEFAULT_BGG_STORE_DIR,
): Promise<BggFigures> {
  log('real data (BGG): build or reuse the store');
  const before = modifiedMs(join(dir, 'bgg.duckdb'));
  const started = performance.now();
  let path: string;
  try {
    path = await bggStore({ dir, log: (line) => log(`  ${line}`) });
  } catch (error) {
    if (!(error instanceof MissingDataError)) throw error;
    log(`real data (BGG): SKIPPED — ${error.message}`);
    return { status: 'skipped', note: `skipped: ${error.message}` };
  }
  const storeMs = performance.now() - started;
  const reused = before !== undefined && before === modifiedMs(path);
  log(`real data (BGG): store ${reused ? 'reused' : 'built'} in ${(storeMs / 1000).toFixed(1)} s`);

  const store = await Store.open(path, { readOnly: true });
  let setup: FilterPlanSetup | undefined;
  try {
    const [{ games }] = await store.all<{ games: number }>(
      `SELECT count(*)::INTEGER AS games FROM games WHERE status = 'active'`,
    );
    const { dataset, input, load } = await loadEngine(store);
    log(
      `real data (BGG): ${games.toLocaleString('en-US')} games loaded in ${(load.inputMs + load.buildMs + load.prepareMs).toFixed(0)} ms, RSS ${load.rssMb.toFixed(0)} MB`,
    );
    // Issue 13's "start on the real BGG store": the column file a store load leaves, then a
    // start from it in processes of their own (the store stays open read-only here: DuckDB
    // lets readers share it).
    const columnFile = (await writeBenchColumnFile(store, dataset, input))
      ? await columnFileInChild(path, options.quick ? 1 : 3)
      : undefined;
    log(
      columnFile
        ? `real data (BGG): start from the column file (own process) ${columnFileMs(columnFile).toFixed(0)} ms, RSS ${(columnFile.rssAfterGcMb ?? columnFile.rssMb).toFixed(0)} MB`
        : 'real data (BGG): start from the column file not measured (the store has no data version)',
    );
    const queries = bggQueries(await loadBggVocabulary(store));
    setup = await setupFilterPlans(store, input, dataset, queries);
    const [engine] = setup.methods;
    await assertBggQueriesMatch(setup.queries, (q) => engine.run(q));
    const postgres = await addPostgres(options, store, setup, log);
    const agreed =
      'Every method that can express a query returned the same ids in the same order and the same total (the run fails otherwise)';
    const note = `${agreed}; ${sortNameNote(setup.table.sortNames)}`;
    const loadBefore = currentLoad();
    const figures = await measureFilterPlans(setup, options, (line) => log(`  bgg ${line}`));
    const loadAfter = currentLoad();
    return {
      status: 'ran',
      note,
      games,
      store: { path, reused, ms: storeMs },
      load,
      columnFile,
      sqlPrepareMs: setup.sqlPrepareMs,
      postgres,
      loadAverage: { before: loadBefore, after: loadAfter },
      queries: figures,
      leftOut: BGG_LEFT_OUT,
    };
  } finally {
    if (setup) await closeFilterPlans(setup);
    await store.close();
  }
}

function modifiedMs(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
