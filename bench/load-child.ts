// Store → Dataset in a process of its own, so the load time and RSS figures hold only the
// load (not the generator's leftovers or the bench's other work). Prints the LoadFigures as
// one JSON line.
//
//   tsx bench/load-child.ts <store file>

import { Store } from '../loader/store.js';
import { loadEngine } from './load-engine.js';

async function main(): Promise<void> {
  const path = process.argv[2];
  if (!path) throw new Error('usage: tsx bench/load-child.ts <store file>');
  const store = await Store.open(path, { readOnly: true });
  try {
    const { load, dataset } = await loadEngine(store);
    // steady state: the load's garbage collected (run with --expose-gc), the Dataset alive
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const rssAfterGcMb = gc ? process.memoryUsage().rss / 2 ** 20 : undefined;
    console.log(JSON.stringify({ ...load, rssAfterGcMb, games: dataset.size }));
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
