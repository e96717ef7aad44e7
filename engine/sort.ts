// Sort orders per (key, direction): value in the requested direction, nulls last in both
// directions, ties by id ascending in both (so desc is not the reverse of asc). Each order
// is built on first use and cached; an input already in that order costs no permutation.

import type { Games } from './games.js';
import type { GameNumberColumn } from './input.js';
import { buildOrderSteps, type OrderIndex, type TieBreak } from './order.js';
import { rowsByString } from './radix.js';
import type { Position, SortKey, SortOrder } from './query.js';
import { runSteps } from './steps.js';

export const SORT_COLUMNS: Readonly<Record<SortKey, GameNumberColumn | 'sort_name'>> = {
  bayes_rating: 'bayes_rating',
  trending: 'trending_score',
  rating: 'rating',
  rating_votes: 'rating_votes',
  confidence: 'rating_confidence',
  weight: 'weight',
  name: 'sort_name',
  year_published: 'year_published',
  playtime: 'max_playtime',
  community_playtime_median: 'community_median_playtime',
  rank: 'rank_overall',
};

export class SortOrders {
  /** The orders built or taken so far, per direction, by key. */
  private readonly orders: Readonly<Record<SortOrder, Map<SortKey, OrderIndex>>> = { asc: new Map(), desc: new Map() };
  private idOrder: Uint32Array | undefined;
  private readonly ties: TieBreak;

  constructor(
    private readonly games: Games,
    private readonly interval: number,
  ) {
    const ids = games.ids;
    this.ties = {
      order: () => (this.idOrder ??= rowsByString(ids)),
      before: (a, b) => ids[a] < ids[b],
    };
  }

  order(key: SortKey, order: SortOrder): OrderIndex {
    // every query asks: a built order is returned without a generator
    return this.orders[order].get(key) ?? runSteps(this.orderSteps(key, order));
  }

  /** order() in steps (buildOrderSteps), for a serving thread; a query may build it meanwhile. */
  *orderSteps(key: SortKey, order: SortOrder): Generator<void, OrderIndex> {
    const known = this.orders[order].get(key);
    if (known !== undefined) return known;
    // The opposite direction, when known, is reversed instead of sorted again.
    const opposite = this.orders[order === 'desc' ? 'asc' : 'desc'].get(key);
    const out = yield* buildOrderSteps(this.values(key), order === 'desc', this.ties, this.interval, opposite);
    // a query that needed it between the steps built it at once: keep the one it used
    const built = this.orders[order].get(key);
    if (built !== undefined) return built;
    this.orders[order].set(key, out);
    return out;
  }

  /** Takes orders built elsewhere (a column file's), keyed `key:order`, instead of sorting. */
  seed(orders: ReadonlyMap<string, OrderIndex>): void {
    for (const [cacheKey, order] of orders) {
      const colon = cacheKey.lastIndexOf(':');
      const direction = cacheKey.slice(colon + 1);
      if (direction === 'asc' || direction === 'desc')
        this.orders[direction].set(cacheKey.slice(0, colon) as SortKey, order);
    }
  }

  /**
   * Takes another Dataset's orders for the keys whose column is not in `changed`: orders over
   * the same rows and ids whose other columns hold the same values (column-update.ts).
   */
  adopt(previous: SortOrders, changed: ReadonlySet<string>): void {
    if (previous.games.size !== this.games.size) return;
    this.idOrder ??= previous.idOrder;
    for (const direction of ['asc', 'desc'] as const) {
      for (const [key, order] of previous.orders[direction]) {
        const column = SORT_COLUMNS[key];
        const unchanged = column === 'sort_name' ? !changed.has('name') : !changed.has(column);
        if (unchanged) this.orders[direction].set(key, order);
      }
    }
  }

  /** The orders built so far, keyed `key:order` (what a column file stores). */
  built(): ReadonlyMap<string, OrderIndex> {
    const out = new Map<string, OrderIndex>();
    for (const direction of ['asc', 'desc'] as const) {
      for (const [key, order] of this.orders[direction]) out.set(`${key}:${direction}`, order);
    }
    return out;
  }

  /** The value a row sorts by: a number, the sort_name string, or null. */
  value(row: number, key: SortKey): number | string | null {
    const column = SORT_COLUMNS[key];
    if (column === 'sort_name') return this.games.sortNames[row];
    return this.games.number(column, row);
  }

  /**
   * Compares a keyset position with a row under (key, order): negative when the position
   * comes first, 0 when it is that row's position, positive when it comes after.
   */
  comparer(key: SortKey, order: SortOrder, position: Position): (row: number) => number {
    const column = SORT_COLUMNS[key];
    const ids = this.games.ids;
    const desc = order === 'desc';
    const raw = position.value;
    const pv = raw === null || (typeof raw === 'number' && Number.isNaN(raw)) ? null : raw;
    const pid = position.id;
    const values = column === 'sort_name' ? this.games.sortNames : this.games.numbers[column];
    const valueAt =
      values instanceof Float64Array
        ? (row: number): number | null => (Number.isNaN(values[row]) ? null : values[row])
        : (row: number): string | null => values[row];
    return (row) => {
      const rv = valueAt(row);
      if (pv === null || rv === null) {
        if (pv !== null) return -1;
        if (rv !== null) return 1;
      } else if (pv !== rv) {
        return pv < rv !== desc ? -1 : 1;
      }
      const id = ids[row];
      return pid < id ? -1 : pid > id ? 1 : 0;
    };
  }

  private values(key: SortKey): Float64Array | readonly string[] {
    const column = SORT_COLUMNS[key];
    return column === 'sort_name' ? this.games.sortNames : this.games.numbers[column];
  }
}
