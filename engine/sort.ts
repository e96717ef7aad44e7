// Sort orders per (key, direction): value in the requested direction, nulls last in both
// directions, ties by id ascending in both (so desc is not the reverse of asc). Each order
// is built on first use and cached; an input already in that order costs no permutation.

import type { Games } from './games.js';
import type { GameNumberColumn } from './input.js';
import { buildOrder, type OrderIndex, type TieBreak } from './order.js';
import { rowsByString } from './radix.js';
import type { Position, SortKey, SortOrder } from './query.js';

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
  private readonly orders = new Map<string, OrderIndex>();
  /** The orders handed out so far, per direction (order()'s lookup; `orders` holds them all). */
  private readonly asc = new Map<SortKey, OrderIndex>();
  private readonly desc = new Map<SortKey, OrderIndex>();
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
    // Every page asks: found without building the `key:order` string (a concatenation and
    // its hash per call).
    const known = (order === 'desc' ? this.desc : this.asc).get(key);
    if (known !== undefined) return known;
    const cacheKey = `${key}:${order}`;
    let out = this.orders.get(cacheKey);
    if (!out) {
      // The opposite direction, when known, is reversed instead of sorted again.
      const opposite = this.orders.get(`${key}:${order === 'desc' ? 'asc' : 'desc'}`);
      out = buildOrder(this.values(key), order === 'desc', this.ties, this.interval, opposite);
      this.orders.set(cacheKey, out);
    }
    (order === 'desc' ? this.desc : this.asc).set(key, out);
    return out;
  }

  /** Takes orders built elsewhere (a column file's), keyed `key:order`, instead of sorting. */
  seed(orders: ReadonlyMap<string, OrderIndex>): void {
    for (const [key, order] of orders) this.orders.set(key, order);
    this.forgetHandedOut();
  }

  /**
   * Takes another Dataset's orders for the keys whose column is not in `changed`: orders over
   * the same rows and ids whose other columns hold the same values (column-update.ts).
   */
  adopt(previous: SortOrders, changed: ReadonlySet<string>): void {
    if (previous.games.size !== this.games.size) return;
    this.idOrder ??= previous.idOrder;
    for (const [cacheKey, order] of previous.orders) {
      const column = SORT_COLUMNS[cacheKey.slice(0, cacheKey.lastIndexOf(':')) as SortKey];
      const unchanged = column === 'sort_name' ? !changed.has('name') : column !== undefined && !changed.has(column);
      if (unchanged) this.orders.set(cacheKey, order);
    }
    this.forgetHandedOut();
  }

  /** After `orders` changed: order() looks there again. */
  private forgetHandedOut(): void {
    this.asc.clear();
    this.desc.clear();
  }

  /** The orders built so far, keyed `key:order`. */
  built(): ReadonlyMap<string, OrderIndex> {
    return this.orders;
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
