// Store → DatasetInput → Dataset, timed step by step, with the process memory before and after
// (what issue 7's load budget is about).

import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildDataset, type Dataset, type DatasetInput } from '../engine/index.js';
import { columnFilePath, readColumnFile, writeColumnFile } from '../loader/columns/column-file.js';
import { loadDatasetInput } from '../loader/load.js';
import { readDataVersion, type Store } from '../loader/store.js';
import type { ColumnFileFigures, LoadFigures } from './figures.js';
import { currentLoad } from './machine.js';
import { serverEnv } from './server-env.js';

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

/**
 * Writes the column file of a Dataset loaded from `store` (what the server's first start,
 * every import and every materialization leave next to the store). False when the store has
 * no data version (a kept store from an older generator): there is then nothing to start from.
 */
export async function writeBenchColumnFile(store: Store, dataset: Dataset, input: DatasetInput): Promise<boolean> {
  const version = await readDataVersion(store);
  if (version === undefined) return false;
  writeColumnFile(columnFilePath(store.path), version, input, dataset.indexTables());
  return true;
}

/** Store → serving Dataset from the column file, as `serve` does on a second start. */
export async function loadFromColumnFile(store: Store): Promise<{ dataset: Dataset; figures: ColumnFileFigures }> {
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const read = readColumnFile(columnFilePath(store.path), await readDataVersion(store));
  if (!read.ok) throw new Error(`column file ${read.problem}: ${read.reason}`);
  const t1 = performance.now();
  const dataset = buildDataset(read.contents.input, { indexes: read.contents.indexes });
  const t2 = performance.now();
  dataset.prepare();
  const t3 = performance.now();
  const figures: ColumnFileFigures = {
    readMs: t1 - t0,
    buildMs: t2 - t1,
    prepareMs: t3 - t2,
    bytes: read.bytes,
    rssBeforeMb: rssBefore / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    loadAverage: currentLoad(),
  };
  return { dataset, figures };
}

const totalMs = (f: LoadFigures): number => f.inputMs + f.buildMs + f.prepareMs;
export const columnFileMs = (f: ColumnFileFigures): number => f.readMs + f.buildMs + f.prepareMs;

/**
 * The column-file start in fresh child processes, `runs` times (the median run is the
 * figure); undefined when the store has no column file to start from.
 */
export async function columnFileInChild(storePath: string, runs = 1): Promise<ColumnFileFigures | undefined> {
  const all: ColumnFileFigures[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const line = await runChild([storePath, '--column-file']);
    if ('missing' in line) return undefined;
    all.push(line as unknown as ColumnFileFigures);
  }
  const sorted = [...all].sort((a, b) => columnFileMs(a) - columnFileMs(b));
  return { ...sorted[(sorted.length - 1) >> 1], runsMs: all.map(columnFileMs) };
}

async function runChild(args: readonly string[]): Promise<Record<string, unknown>> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'load-child.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], {
    maxBuffer: 1 << 20,
    env: serverEnv(),
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

/**
 * The same load in fresh child processes (bench/load-child.ts), `runs` times one after the
 * other: the run with the median total is the figure the budget is checked on (one load on a
 * shared machine is a noisy sample); every run's total is kept.
 */
export async function loadInChild(storePath: string, runs = 1): Promise<LoadFigures> {
  const all: LoadFigures[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) all.push((await runChild([storePath])) as unknown as LoadFigures);
  const sorted = [...all].sort((a, b) => totalMs(a) - totalMs(b));
  return { ...sorted[(sorted.length - 1) >> 1], runsMs: all.map(totalMs) };
}
