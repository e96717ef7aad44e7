// Generates a synthetic catalog store and keeps it, for poking at with the CLI or DuckDB:
//   tsx bench/generate-main.ts --games 150000 --store-dir /tmp/ludex-bench

import { generateCatalog } from './generate.js';
import { parseOptions, UsageError } from './options.js';
import { openBenchStore } from './store.js';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options.dir === undefined)
    throw new UsageError('generate-main needs --store-dir DIR (or BENCH_DIR): the store is kept there');
  const bench = await openBenchStore(options.dir, options.games);
  try {
    if (bench.existed) throw new UsageError(`${bench.path} already exists: remove it first`);
    const result = await generateCatalog(bench.store, {
      games: options.games,
      seed: options.seed,
      onProgress: (line) => console.error(`  ${line}`),
    });
    console.log(`${bench.path}: ${result.games} games in ${(result.ms / 1000).toFixed(1)} s`, result.rows);
  } finally {
    await bench.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
