// An input put in another row order in memory (engine/reorder.ts) holds the same games with
// the same links, polls and relations, only numbered anew: a Dataset built from it answers
// every game, query and facet as one built from the input as it was, and the inverse order
// gives the input back exactly. A Dataset updated in place returns its input in the default
// order (the rows a load from the store would number).

import { Table, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { emptyCommunityInput, type CommunityInput } from '../../engine/community-data.js';
import { buildDataset, type Dataset } from '../../engine/dataset.js';
import type { DatasetInput } from '../../engine/input.js';
import { FACET_DIMENSIONS, SORT_KEYS } from '../../engine/query.js';
import { reorderedInputSteps } from '../../engine/reorder.js';
import { plainInput } from '../helpers/plain-input.js';
import { randomCatalog, Rng } from './random-catalog.js';

function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

const reordered = (input: DatasetInput, rows: Uint32Array): DatasetInput => finish(reorderedInputSteps(input, rows));

function shuffled(n: number, rng: Rng): Uint32Array {
  const rows = Uint32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  return rows;
}

function inverse(rows: Uint32Array): Uint32Array {
  const out = new Uint32Array(rows.length);
  rows.forEach((row, i) => {
    out[row] = i;
  });
  return out;
}

/** Poll and experience rows for some games, grouped by row as the loader gives them. */
function someCommunity(n: number, rng: Rng): CommunityInput {
  const ratings = { game: [] as number[], count: [] as number[], rating: [] as number[] };
  const experience = { game: [] as number[], level: [] as number[], minutes: [] as number[] };
  const sufficient: number[] = [];
  for (let row = 0; row < n; row++) {
    for (let count = 1; count <= rng.int(0, 3); count++) {
      ratings.game.push(row);
      ratings.count.push(count);
      ratings.rating.push(rng.int(10, 90) / 10);
    }
    if (rng.chance(0.3)) {
      for (let level = 0; level < 3; level++) {
        experience.game.push(row);
        experience.level.push(level);
        experience.minutes.push(rng.int(20, 200));
      }
      if (rng.chance(0.5)) sufficient.push(row);
    }
  }
  const empty = emptyCommunityInput();
  return {
    ...empty,
    playerCountRatings: {
      game: Uint32Array.from(ratings.game),
      player_count: Int32Array.from(ratings.count),
      average_rating: Float64Array.from(ratings.rating),
      rating_count: Int32Array.from(ratings.count, (c) => c * 3),
      rating_stddev: Float64Array.from(ratings.rating, (r, i) => (i % 4 === 0 ? Number.NaN : r / 10)),
    },
    experience: {
      game: Uint32Array.from(experience.game),
      level: Uint8Array.from(experience.level),
      median_minutes: Int32Array.from(experience.minutes),
      min_minutes: Float64Array.from(experience.minutes, (m) => m / 2),
      max_minutes: Float64Array.from(experience.minutes, (m, i) => (i % 5 === 0 ? Number.NaN : m * 2)),
      total_reports: Int32Array.from(experience.minutes, (m) => m % 7),
    },
    experienceSufficient: Uint32Array.from(sufficient),
  };
}

function catalogInput(seed: number): DatasetInput {
  const { input } = randomCatalog(seed, { games: 120 });
  return { ...input, community: someCommunity(input.games.numRows, new Rng(seed + 1)) };
}

/** What a Dataset answers about every game (by id) and for every order and the facets. */
function answersById(dataset: Dataset): unknown[] {
  const out: unknown[] = [];
  const ids = [...dataset.ids].sort();
  for (const id of ids) {
    const row = dataset.row(id);
    if (row === undefined) throw new Error(`no game ${id}`);
    const related = dataset.related(row);
    // Rows differ between the two Datasets: related games by id, and the edges as a set (a
    // load orders them by row, so their order follows the numbering, as from the store).
    const idOf = (r: number): string => dataset.ids[r];
    const edges = related.relationships.map((edge) =>
      JSON.stringify({ ...edge, source: idOf(edge.source), target: idOf(edge.target) }),
    );
    out.push(dataset.game(row), dataset.polls(row), dataset.experience(row), {
      ...related,
      expansions: related.expansions.map(idOf),
      relationships: edges.sort(),
    });
  }
  for (const sort of SORT_KEYS)
    for (const order of ['asc', 'desc'] as const) {
      const page = dataset.query({ filter: {}, sort, order, limit: 500 });
      out.push(page.rows.map((row) => dataset.ids[row]));
    }
  out.push(dataset.facets({}, FACET_DIMENSIONS), dataset.facets({ players: 3, effective: true }, FACET_DIMENSIONS));
  return out;
}

describe('an input in another row order', () => {
  it.each([1, 2, 3])('answers as the input it came from (seed %i)', (seed) => {
    const input = catalogInput(seed);
    const rows = shuffled(input.games.numRows, new Rng(seed * 31));
    const moved = reordered(input, rows);
    const before = buildDataset(input);
    const after = buildDataset(moved);
    // the rows really moved: row i now holds the game that was at rows[i]
    for (let i = 0; i < rows.length; i += 11) expect(after.ids[i]).toBe(before.ids[rows[i]]);
    expect(answersById(after)).toEqual(answersById(before));
  });

  it('gives an input in the load’s order back exactly under the inverse order', () => {
    const random = catalogInput(4);
    const n = random.games.numRows;
    // the random catalog's sections are not grouped by row as a load groups them; the same
    // rows reordered are
    const input = reordered(
      random,
      Uint32Array.from({ length: n }, (_, i) => i),
    );
    expect(input.combinations.map((c) => c.base)).toEqual(
      [...input.combinations.map((c) => c.base)].sort((a, b) => a - b),
    );
    const rows = shuffled(n, new Rng(5));
    const there = reordered(input, rows);
    expect(plainInput(there)).not.toEqual(plainInput(input));
    expect(plainInput(reordered(there, inverse(rows)))).toEqual(plainInput(input));
  });

  it('reads games columns of several chunks, sliced ones included, as one', () => {
    const input = catalogInput(6);
    const n = input.games.numRows;
    const chunked = {
      ...input,
      games: new Table([...input.games.slice(0, 50).batches, ...input.games.slice(50).batches]),
    };
    expect(chunked.games.getChild('name')?.data.length).toBeGreaterThan(1);
    const rows = shuffled(n, new Rng(7));
    expect(plainInput(reordered(chunked, rows))).toEqual(plainInput(reordered(input, rows)));
  });

  it('refuses an order that does not name every row once', () => {
    const input = catalogInput(8);
    const n = input.games.numRows;
    const repeated = Uint32Array.from({ length: n }, (_, i) => (i === 0 ? 1 : i));
    expect(() => reordered(input, repeated)).toThrow(RangeError);
    expect(() => reordered(input, new Uint32Array(n - 1))).toThrow(RangeError);
    expect(() =>
      reordered(
        input,
        Uint32Array.from({ length: n }, (_, i) => (i === 0 ? n : i)),
      ),
    ).toThrow(RangeError);
  });
});

describe('a Dataset updated in place, in the default order again', () => {
  it('is rebuilt with its rows in the default order when new ratings moved them, as a build of that input is', () => {
    const { input } = randomCatalog(9, { games: 120, bayesOrder: true });
    const served = buildDataset(input);
    const kept = finish(served.inDefaultOrderSteps());
    expect(kept.reordered).toBe(false);
    expect(kept.dataset).toBe(served);
    expect(kept.input).toBe(input);

    const bayes = new Float64Array(served.size);
    for (let row = 0; row < served.size; row++) bayes[row] = row % 9 === 0 ? Number.NaN : (row * 37) % 101;
    const updated = finish(served.updatedSteps({ numbers: { bayes_rating: bayes }, strings: {}, lists: {} }));
    updated.prepare();
    const { dataset: rebuilt, input: ordered, reordered: moved } = finish(updated.inDefaultOrderSteps());
    expect(moved).toBe(true);
    const byBayes = updated.query({ filter: {}, sort: 'bayes_rating', order: 'desc', limit: 500 });
    expect(rebuilt.ids).toEqual(byBayes.rows.map((row) => updated.ids[row]));
    expect(answersById(rebuilt)).toEqual(answersById(updated));
    expect(finish(rebuilt.inDefaultOrderSteps()).dataset).toBe(rebuilt);
    // the orders carried over renumbered are the ones a build of the reordered input sorts
    const fresh = buildDataset(ordered);
    fresh.prepare();
    const tables = rebuilt.indexTables();
    for (const [part, table] of Object.entries(fresh.indexTables()))
      expect(Buffer.from(tableToIPC(tables[part as keyof typeof tables])).equals(Buffer.from(tableToIPC(table)))).toBe(
        true,
      );
  });
});
