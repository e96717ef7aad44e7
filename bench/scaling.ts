// How the engine's cost grows with the catalog: the typical query (first entry of the query
// set) at several catalog sizes, each store generated once and kept under the cache folder.

import type { DatasetApi } from '../engine/index.js';
import { loadEngine } from './load-engine.js';
import { measure, type MeasureOptions, type Timing } from './measure.js';
import { BENCH_QUERIES } from './queries.js';
import { currentLoad } from './machine.js';
import { openCatalogStore } from './store.js';

export interface ScalingPoint {
  games: number;
  timing: Timing;
  /** Store → Dataset, sort orders included. */
  loadMs: number;
  loadAverage: number;
}

export const TYPICAL = BENCH_QUERIES[0];

export async function typicalTiming(dataset: DatasetApi, options: MeasureOptions): Promise<Timing> {
  return measure(() => dataset.query(TYPICAL.query), options);
}

export async function measureScaling(
  sizes: readonly number[],
  seed: number,
  dir: string | undefined,
  options: MeasureOptions,
  log: (line: string) => void,
  known: ReadonlyMap<number, Omit<ScalingPoint, 'games'>> = new Map(),
): Promise<ScalingPoint[]> {
  const points: ScalingPoint[] = [];
  for (const games of sizes) {
    const reused = known.get(games);
    if (reused) {
      points.push({ games, ...reused });
      continue;
    }
    const { bench } = await openCatalogStore(dir, games, seed, (line) => log(`scaling: ${line.trim()}`));
    try {
      const { dataset, load } = await loadEngine(bench.store);
      const timing = await typicalTiming(dataset, options);
      const point = { games, timing, loadMs: load.inputMs + load.buildMs + load.prepareMs, loadAverage: currentLoad() };
      log(
        `scaling: ${games} games: typical ${timing.medianUs.toFixed(0)} µs median, load ${point.loadMs.toFixed(0)} ms`,
      );
      points.push(point);
    } finally {
      await bench.dispose();
    }
  }
  return points;
}
