// Store → DatasetInput → Dataset, timed step by step, with the process memory before and after
// (what issue 7's load budget is about).

import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildDataset, type Dataset, type DatasetInput } from '../engine/index.js';
import { loadDatasetInput } from '../loader/load.js';
import type { Store } from '../loader/store.js';
import type { LoadFigures } from './figures.js';
import { currentLoad } from './machine.js';

export async function loadEngine(store: Store): Promise<{ dataset: Dataset; load: LoadFigures; input: DatasetInput }> {
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const input = await loadDatasetInput(store);
  const t1 = performance.now();
  const dataset = buildDataset(input);
  const t2 = performance.now();
  dataset.prepare();
  const t3 = performance.now();
  const memory = process.memoryUsage();
  const load = {
    inputMs: t1 - t0,
    buildMs: t2 - t1,
    prepareMs: t3 - t2,
    rssBeforeMb: rssBefore / 2 ** 20,
    rssMb: memory.rss / 2 ** 20,
    heapUsedMb: memory.heapUsed / 2 ** 20,
    arrayBuffersMb: memory.arrayBuffers / 2 ** 20,
    loadAverage: currentLoad(),
  };
  return { dataset, load, input };
}

const totalMs = (f: LoadFigures): number => f.inputMs + f.buildMs + f.prepareMs;

/**
 * The same load in fresh child processes (bench/load-child.ts), `runs` times one after the
 * other: the run with the median total is the figure the budget is checked on (one load on a
 * shared machine is a noisy sample); every run's total is kept.
 */
export async function loadInChild(storePath: string, runs = 1): Promise<LoadFigures> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'load-child.ts');
  const all: LoadFigures[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', script, storePath],
      {
        maxBuffer: 1 << 20,
      },
    );
    all.push(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadFigures);
  }
  const sorted = [...all].sort((a, b) => totalMs(a) - totalMs(b));
  return { ...sorted[(sorted.length - 1) >> 1], runsMs: all.map(totalMs) };
}
