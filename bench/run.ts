// `npm run bench`: builds a synthetic store, loads it into the engine, then compares the
// engine's filter plans with DuckDB SQL and a plain scan on the fixed query set. Fails (exit
// 1) when the methods disagree on any query. Writes bench/results/latest.{json,md}.
//
//   npm run bench -- --games 20000        quick run
//   BENCH_DIR=/tmp/b npm run bench         keep the store file

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DisagreementError, measureFilterPlans, setupFilterPlans } from './filter-plans.js';
import { measure } from './measure.js';
import { generateCatalog, holdsCatalog, type GeneratedCatalog } from './generate.js';
import { parseOptions, UsageError } from './options.js';
import { loadEngine } from './load-engine.js';
import { BENCH_NOTES } from './notes.js';
import { machine, markdown, type BenchReport } from './report.js';
import { openBenchStore, type BenchStore } from './store.js';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const log = (line: string): void => console.error(line);

/** Generates the catalog, or reuses a kept store (BENCH_DIR) that already holds it. */
async function ensureCatalog(bench: BenchStore, games: number, seed: number): Promise<GeneratedCatalog> {
  if (bench.existed) {
    if (!(await holdsCatalog(bench.store, games, seed))) {
      throw new UsageError(`${bench.path} holds something else than the ${games}-game catalog of seed ${seed}: remove it`);
    }
    log(`reusing the catalog in ${bench.path}`);
    return { games, people: 0, publishers: 0, rows: {}, ms: Number.NaN };
  }
  log(`generating ${games} games into ${bench.path}`);
  const generated = await generateCatalog(bench.store, { games, seed, onProgress: (line) => log(`  ${line}`) });
  log(`generated in ${(generated.ms / 1000).toFixed(1)} s; loading`);
  return generated;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const bench = await openBenchStore(options.dir, options.games);
  try {
    const generated = await ensureCatalog(bench, options.games, options.seed);
    const { dataset, load, input } = await loadEngine(bench.store);
    log(`loaded: input ${load.inputMs.toFixed(0)} ms, dataset ${load.buildMs.toFixed(0)} ms, RSS ${load.rssMb.toFixed(0)} MB`);
    const setup = await setupFilterPlans(bench.store, input, dataset);
    const before = loadavg()[0];
    const sqlFloor = await measure(() => bench.store.all('SELECT 1'), options);
    const queries = await measureFilterPlans(setup, options, (line) => log(`  ${line}`));
    const report: BenchReport = {
      createdAt: new Date().toISOString(),
      machine: machine(),
      games: options.games,
      seed: options.seed,
      generate: { ms: generated.ms, rows: generated.rows },
      load,
      sqlPrepareMs: setup.sqlPrepareMs,
      sqlFloor,
      loadAverage: { before, after: loadavg()[0] },
      queries,
      notes: BENCH_NOTES,
    };
    const md = markdown(report);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'latest.md'), md);
    console.log(md);
  } finally {
    await bench.dispose();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof DisagreementError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
