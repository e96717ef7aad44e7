// Work a server does while it answers runs as steps (a generator yielding between them, run
// in slices): a Dataset prepared after it was swapped in, its column file's tables, a reorder.
// Run in steps, with queries between them, it must give what it gives in one call, and it
// must actually yield where the pieces are large.

import { tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { utf8Vector } from '../../engine/columns.js';
import { buildDataset, buildDatasetSteps, type Dataset } from '../../engine/dataset.js';
import { INDEX_PARTS } from '../../engine/prebuilt.js';
import type { RankedQuery } from '../../engine/query.js';
import { runSteps, StepBudget, Stepped } from '../../engine/steps.js';
import { takeUtf8Steps } from '../../engine/take.js';
import { stepped } from '../helpers/stepped.js';
import { oracleQuery } from '../oracle.js';
import { randomCatalog } from './random-catalog.js';

const catalog = randomCatalog(41, { games: 400 });
// a small checkpoint interval: many checkpoints and pins per range order, so many steps
const options = { checkpointInterval: 8 };

const QUERIES: RankedQuery[] = [
  { filter: { weight_min: 2, weight_max: 3.5 }, sort: 'rating', order: 'desc', limit: 25 },
  { filter: { playtime_max: 90, players: 4 }, sort: 'name', order: 'asc', limit: 10 },
  { filter: { rating_min: 6, year_min: 2000 }, sort: 'bayes_rating', order: 'desc', limit: 25 },
];

/** Full-text queries (oracle.ts models the text tiers), by relevance and by another order. */
const TEXT_QUERIES: RankedQuery[] = [
  { filter: { q: 'castle' }, sort: 'relevance', order: 'desc', limit: 25 },
  { filter: { q: 'spirit island' }, sort: 'relevance', order: 'desc', limit: 10 },
  { filter: { q: 'castle', weight_max: 4 }, sort: 'rating', order: 'desc', limit: 25 },
];

const ipcOf = (dataset: Dataset) => INDEX_PARTS.map((part) => tableToIPC(dataset.indexTables()[part], 'file'));

describe('work in steps', () => {
  it('a Dataset prepared in steps exports what one prepared at once does, byte for byte', () => {
    const atOnce = buildDataset(catalog.input, options);
    atOnce.prepare();
    const inSteps = buildDataset(catalog.input, options);
    const { yields } = stepped(inSteps.prepareSteps());
    // more than one step per order: the range orders' checkpoints and pins are cut up too
    expect(yields).toBeGreaterThan(150);
    expect(ipcOf(inSteps)).toEqual(ipcOf(atOnce));
  });

  it('a Dataset queried between every two steps of its prepare (a reload serves it meanwhile) answers as the oracle', () => {
    // queries with answers to compare, not empty pages
    for (const query of QUERIES) expect(oracleQuery(catalog.oracle, query).total).toBeGreaterThan(0);
    const inSteps = buildDataset(catalog.input, options);
    let checked = 0;
    stepped(inSteps.prepareSteps(), () => {
      const query = QUERIES[checked++ % QUERIES.length];
      expect(inSteps.query(query)).toEqual(oracleQuery(catalog.oracle, query));
    });
    for (const query of QUERIES) expect(inSteps.query(query)).toEqual(oracleQuery(catalog.oracle, query));
    // what it exports starts a Dataset that answers the same
    const seeded = buildDataset(catalog.input, { ...options, indexes: inSteps.indexTables() });
    for (const query of QUERIES) expect(seeded.query(query)).toEqual(oracleQuery(catalog.oracle, query));
  });

  it('a Dataset built in steps (buildDatasetSteps: indexes a section a step) is the one built at once', () => {
    const atOnce = buildDataset(catalog.input, options);
    atOnce.prepare();
    const { result: inSteps, yields } = stepped(buildDatasetSteps(catalog.input, options));
    expect(yields).toBeGreaterThan(150);
    expect(ipcOf(inSteps)).toEqual(ipcOf(atOnce));
    for (const query of QUERIES) expect(inSteps.query(query)).toEqual(oracleQuery(catalog.oracle, query));
  });

  it('indexTablesSteps yields between the pins and gives the tables indexTables gives', () => {
    const dataset = buildDataset(catalog.input, options);
    dataset.prepare();
    const { result, yields } = stepped(dataset.indexTablesSteps());
    expect(yields).toBeGreaterThan(3);
    const pins = result.order_pins.numRows;
    expect(pins).toBeGreaterThan(16);
    const atOnce = dataset.indexTables();
    for (const part of INDEX_PARTS) expect(tableToIPC(result[part], 'file')).toEqual(tableToIPC(atOnce[part], 'file'));
  });

  it('takeUtf8Steps copies a long text column in several steps, values and nulls in the new order', () => {
    const n = 40_000;
    const values = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? null : `game ${i} ${'é'.repeat(i % 5)}`));
    const at = Uint32Array.from({ length: n }, (_, i) => (i * 7_919) % n);
    const { result, yields } = stepped(takeUtf8Steps(utf8Vector(values), at));
    // 4,096 rows a step, in each of its two passes (9 in the sizing, 10 in the copy)
    expect(yields).toBe(19);
    expect([...result]).toEqual(Array.from(at, (row) => values[row]));
    expect(runSteps(takeUtf8Steps(utf8Vector(values), at)).nullCount).toBe(result.nullCount);
  });

  it('takeUtf8Steps cuts the copy of long values by bytes too, not only by rows', () => {
    // 1,000 values of 10 kB: fewer rows than one step, 10 MB of bytes
    const values = Array.from({ length: 1000 }, (_, i) => `${i}:${'x'.repeat(10_000)}`);
    const at = Uint32Array.from({ length: values.length }, (_, i) => values.length - 1 - i);
    const { result, yields } = stepped(takeUtf8Steps(utf8Vector(values), at));
    // the copy pass's first yield, then one per 4 MB copied
    expect(yields).toBe(3);
    expect([...result]).toEqual(Array.from(at, (row) => values[row]));
  });

  it('warmSteps builds the text index and entity lists; a query between two steps finishes what it needs', () => {
    const atOnce = buildDataset(catalog.input, options);
    const fresh = stepped(buildDataset(catalog.input, options).warmSteps()).yields;
    const inSteps = buildDataset(catalog.input, options);
    const steps = inSteps.warmSteps();
    // a few steps in: the ids' order, radix passes and the first documents are behind it
    for (let i = 0; i < 4; i++) expect(steps.next().done).toBe(false);
    for (const query of TEXT_QUERIES) {
      // a text query answers from the whole index, however far the steps had come
      expect(oracleQuery(catalog.oracle, query).total).toBeGreaterThan(0);
      expect(inSteps.query(query)).toEqual(oracleQuery(catalog.oracle, query));
      expect(inSteps.query(query)).toEqual(atOnce.query(query));
    }
    expect(inSteps.search('castle', 10)).toEqual(atOnce.search('castle', 10));
    expect(inSteps.people()).toEqual(atOnce.people());
    // the queries built the text index and the people list: the steps left skip them
    const rest = stepped(steps).yields;
    expect(rest + 4).toBeLessThan(fresh - 10);
    expect(stepped(inSteps.warmSteps()).yields).toBe(0);
  });

  it('a Dataset warmed in steps alone answers as one whose lists and index were built at once', () => {
    const atOnce = buildDataset(catalog.input, options);
    const inSteps = buildDataset(catalog.input, options);
    const { yields } = stepped(inSteps.warmSteps());
    // the ids, each radix pass of two keys, the documents, two name matchers, the entities
    expect(yields).toBeGreaterThan(12);
    for (const query of TEXT_QUERIES) expect(inSteps.query(query)).toEqual(atOnce.query(query));
    expect(inSteps.suggest('castel')).toEqual(atOnce.suggest('castel'));
    for (const role of [undefined, 'designer', 'artist'] as const)
      expect(inSteps.people(role)).toEqual(atOnce.people(role));
    expect(inSteps.people().length).toBeGreaterThan(0);
    expect(inSteps.publishers()).toEqual(atOnce.publishers());
    expect(inSteps.terms('mechanic')).toEqual(atOnce.terms('mechanic'));
  });

  it('Stepped: get() during the steps finishes the build they began, once; the steps then end', () => {
    let started = 0;
    const build = new Stepped(function* () {
      started++;
      let sum = 0;
      for (let i = 1; i <= 5; i++) {
        sum += i;
        yield;
      }
      return sum;
    });
    const steps = build.steps();
    steps.next();
    steps.next();
    expect(started).toBe(1);
    expect(build.get()).toBe(15);
    expect(steps.next().done).toBe(true);
    expect(stepped(build.steps()).yields).toBe(0);
    expect(build.get()).toBe(15);
    expect(started).toBe(1);
  });

  it('Stepped: a build that throws is started afresh by the next caller', () => {
    let attempts = 0;
    const build = new Stepped(function* () {
      attempts++;
      yield;
      if (attempts === 1) throw new Error('first attempt fails');
      return 'built';
    });
    expect(() => build.get()).toThrow('first attempt fails');
    expect(build.get()).toBe('built');
    expect(attempts).toBe(2);
  });

  it('StepBudget calls a step done once the work spent since the last one reaches its size', () => {
    const budget = new StepBudget(100);
    // small items add up; a large one is a step on its own; the count restarts after each
    expect([10, 50, 39, 1, 250, 99, 1, 0].map((work) => budget.spend(work))).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});
