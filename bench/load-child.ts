// Store → Dataset in a process of its own, so the load time and RSS figures hold only the
// load (not the generator's leftovers or the bench's other work). Prints the figures as one
// JSON line.
//
//   tsx bench/load-child.ts <store file>                  from the store (LoadFigures); then
//                                                         writes the column file, untimed
//   tsx bench/load-child.ts <store file> --column-file    from the column file (ColumnFileFigures),
//                                                         or {"missing": true} when there is none

import { Store } from '../loader/store.js';
import { loadEngine, loadFromColumnFile, writeBenchColumnFile } from './load-engine.js';

/** RSS once the load's garbage is collected (run with --expose-gc), the Dataset alive. */
function rssAfterGc(): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return gc ? process.memoryUsage().rss / 2 ** 20 : undefined;
}

async function main(): Promise<void> {
  const [path, mode] = process.argv.slice(2);
  if (!path) throw new Error('usage: tsx bench/load-child.ts <store file> [--column-file]');
  const store = await Store.open(path, { readOnly: true });
  try {
    if (mode === '--column-file') {
      const loaded = await loadFromColumnFile(store).catch(() => undefined);
      if (!loaded) {
        console.log(JSON.stringify({ missing: true }));
        return;
      }
      console.log(JSON.stringify({ ...loaded.figures, rssAfterGcMb: rssAfterGc(), games: loaded.dataset.size }));
      return;
    }
    const { load, dataset, input } = await loadEngine(store);
    const rssAfterGcMb = rssAfterGc();
    console.log(JSON.stringify({ ...load, rssAfterGcMb, games: dataset.size }));
    // After the figures: the file the --column-file run starts from (what `serve` leaves).
    await writeBenchColumnFile(store, dataset, input);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
