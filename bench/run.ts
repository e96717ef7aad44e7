// `npm run bench`: the whole suite in one process run. Builds (or reuses, from bench/.cache)
// a synthetic store; loads it into the engine; compares the engine's filter plans with DuckDB
// SQL (two formulations, prepared statements), a plain scan and, when reachable, PostgreSQL
// on the query set; the same comparison on real data (the BGG store of bench/bgg-store.ts,
// built once under bench/.cache; skipped when ../shared/data is absent); then HTTP under autocannon, export/import and materialization
// throughput, and the engine's scaling with catalog size. Fails (exit 1) when the methods
// disagree on any query; budgets are printed pass/miss, never fail the run. Writes
// bench/results/latest.{json,md}.
//
//   npm run bench -- --quick              reduced run, under a minute (CI smoke test)
//   npm run bench -- --games 20000        smaller main catalog
//   npm run bench -- --no-bgg             without the real-data stage (--quick: with it, --bgg)
//   npm run bench -- --only search        the search comparison on the BGG store alone (results/search.md)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureExportImport, measureMaterialization, type BatchFigures } from './batch.js';
import { checkBudgets } from './budgets.js';
import { addPostgres } from './add-postgres.js';
import { measureBgg } from './bgg-stage.js';
import { closeFilterPlans, DisagreementError, measureFilterPlans, setupFilterPlans } from './filter-plans.js';
import { httpRoutes, measureHttp } from './http.js';
import { columnFileInChild, loadEngine, loadInChild } from './load-engine.js';
import { measure } from './measure.js';
import { BENCH_NOTES } from './notes.js';
import { parseOptions, UsageError, type BenchOptions } from './options.js';
import { BggQueryError } from './queries-bgg.js';
import type { BggFigures } from './figures.js';
import { currentLoad, machine } from './machine.js';
import { markdown, type BenchReport } from './report.js';
import { measureReload } from './reload.js';
import { measureScaling, type ScalingPoint } from './scaling.js';
import { searchMarkdown } from './search-report.js';
import { measureSearch, SearchSetError } from './search-stage.js';
import { openCatalogStore } from './store.js';
import { Store } from '../loader/store.js';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const log = (line: string): void => console.error(line);

async function main(): Promise<void> {
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options.only === 'search') return searchOnly(options);
  log(`bench: ${options.quick ? 'quick run' : 'full run'}, ${options.games} games, stores in ${options.dir}`);
  const { bench, generated } = await openCatalogStore(options.dir, options.games, options.seed, log);
  // The load budget's figures come from a process that does nothing else (no generator leftovers).
  await bench.store.close();
  const load = await loadInChild(bench.path, options.quick ? 1 : 3);
  log(
    `load (own process): input ${load.inputMs.toFixed(0)} ms, dataset ${load.buildMs.toFixed(0)} ms, orders ${load.prepareMs.toFixed(0)} ms, RSS ${load.rssMb.toFixed(0)} MB`,
  );
  // The same Dataset from the column file the store load left next to the store (a second start).
  const columnFile = await columnFileInChild(bench.path, options.quick ? 1 : 3);
  log(
    columnFile
      ? `start from the column file (own process): read ${columnFile.readMs.toFixed(0)} ms, dataset ${columnFile.buildMs.toFixed(0)} ms, prepare ${columnFile.prepareMs.toFixed(0)} ms, RSS ${columnFile.rssMb.toFixed(0)} MB`
      : 'start from the column file: not measured (the store has no data version: regenerate it)',
  );
  bench.store = await Store.open(bench.path);
  let storeOpen = true;
  try {
    const { setup, postgres, sqlFloor, before, after, queries } = await syntheticFilterPlans(options, bench.store);
    const typical = queries.find((q) => q.name === 'typical')?.timings.engine;
    const bgg: BggFigures = options.bgg
      ? await measureBgg(options, log)
      : { status: 'skipped', note: `skipped (${options.quick ? 'quick run without --bgg' : '--no-bgg'})` };
    if (!options.bgg) log(`real data (BGG): ${bgg.note}`);

    const [popular] = await bench.store.all<{ id: string }>(
      `SELECT id FROM games WHERE status = 'active' ORDER BY rating_votes DESC NULLS LAST, id LIMIT 1`,
    );
    await bench.store.close();
    storeOpen = false;
    const http =
      options.httpSeconds > 0
        ? await measureHttp(
            bench.path,
            httpRoutes(popular.id, 'castle'),
            { durationS: options.httpSeconds, connections: options.httpConnections },
            log,
          )
        : { skipped: '--http-seconds 0' };

    const batch = await measureBatch(options, bench.path);
    const known = new Map<number, Omit<ScalingPoint, 'games'>>();
    if (typical) {
      known.set(options.games, {
        timing: typical,
        loadMs: load.inputMs + load.buildMs + load.prepareMs,
        loadAverage: before,
      });
    }
    const scaling = await measureScaling(options.scaling, options.seed, options.dir, options, log, known);

    const report: BenchReport = {
      createdAt: new Date().toISOString(),
      mode: options.quick ? 'quick' : 'full',
      machine: machine(),
      games: options.games,
      seed: options.seed,
      generate: { ms: generated.ms, rows: generated.rows },
      load,
      sqlPrepareMs: setup.sqlPrepareMs,
      sqlFloor,
      loadAverage: { before, after },
      queries,
      postgres,
      bgg,
      http,
      batch,
      scaling,
      columnFile,
      budgets: checkBudgets({
        games: options.games,
        typical,
        queries,
        queryLoadAverage: after,
        load,
        columnFile,
        http,
        batch,
        bgg,
      }),
      totalMs: performance.now() - started,
      notes: BENCH_NOTES,
    };
    const md = markdown(report);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const name = options.quick ? 'quick' : 'latest';
    writeFileSync(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
  } finally {
    if (storeOpen) await bench.store.close();
  }
}

/** `--only search`: the search stage alone, written to results/search.{json,md} (quick: quick-search). */
async function searchOnly(options: BenchOptions): Promise<void> {
  log(`bench: search stage only${options.quick ? ' (quick)' : ''}`);
  const figures = await measureSearch(
    {
      httpSeconds: options.httpSeconds,
      httpConnections: options.httpConnections,
      // ~90 queries × 3 methods, some taking tens of ms a search: a short budget per query
      warmup: 2,
      minIterations: 5,
      maxIterations: 1000,
      budgetMs: options.quick ? 20 : 100,
    },
    log,
  );
  const createdAt = new Date().toISOString();
  const md = searchMarkdown(figures, createdAt);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = options.quick ? 'quick-search' : 'search';
  writeFileSync(
    join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ createdAt, machine: machine(), ...figures }, null, 2)}\n`,
  );
  writeFileSync(join(RESULTS_DIR, `${name}.md`), md);
  console.log(md);
}

/** The synthetic filter plans, in a function of their own so the engine they load is garbage once they are measured. */
async function syntheticFilterPlans(options: BenchOptions, store: Store) {
  const { dataset, input } = await loadEngine(store);
  const setup = await setupFilterPlans(store, input, dataset);
  try {
    const postgres = await addPostgres(options, store, setup, log);
    const floorStatement = await store.prepare('SELECT 1 AS one');
    const sqlFloor = await measure(() => floorStatement.all(), options);
    await floorStatement.close();
    const before = currentLoad();
    const queries = await measureFilterPlans(setup, options, (line) => log(`  ${line}`));
    const after = currentLoad();
    return { setup: { sqlPrepareMs: setup.sqlPrepareMs }, postgres, sqlFloor, before, after, queries };
  } finally {
    await closeFilterPlans(setup);
  }
}

async function measureBatch(options: BenchOptions, storePath: string): Promise<BatchFigures> {
  const store = await Store.open(storePath, { readOnly: true });
  let exportImport: Pick<BatchFigures, 'exportRun' | 'importRun'>;
  try {
    exportImport = await measureExportImport(store, log);
  } finally {
    await store.close();
  }
  const materialize =
    options.materializeVotes > 0
      ? await measureMaterialization(
          options.materializeGames,
          options.materializeVotes,
          options.seed,
          join(options.dir, 'materialize'),
          log,
          options.materializeGames === options.games ? storePath : undefined,
        )
      : { skipped: '--materialize-votes 0' };
  // The materialization stage's store, converged, with fresh votes: a run + reload while served.
  const reload =
    'skipped' in materialize
      ? { skipped: 'no materialization store (--materialize-votes 0)' }
      : options.reloadVotes > 0
        ? await measureReload(
            join(options.dir, 'materialize', `bench-${options.materializeGames}.duckdb`),
            options.reloadVotes,
            log,
          )
        : { skipped: '--reload-votes 0' };
  return { ...exportImport, materialize, reload };
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof DisagreementError ||
    error instanceof BggQueryError ||
    error instanceof SearchSetError
  )
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
