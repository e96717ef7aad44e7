// The plain-scan method: test every row against the filter, keep the best `limit` rows after
// the cursor in a small sorted buffer, count every match for the total. No indexes: what a
// straightforward in-memory implementation would do, and the baseline for the bitmap plans.

import { DEFAULT_EXPERIENCE_MULTIPLIERS, type TaxonomyKind } from '../engine/domain.js';
import type { Filter, Query, SortKey, SortOrder } from '../engine/query.js';
import { rowOrder, type RowOrder } from './scan-order.js';
import type { ScanTable } from './scan-table.js';
import { assertSupported } from './supported.js';

/** One page of the query: rows after the cursor, first `limit` in order, and the exact total. */
export function scanQuery(table: ScanTable, query: Query): { rows: number[]; total: number } {
  assertSupported(query);
  const match = matcher(table, query.filter);
  const order = rowOrder(table, query.sort, query.order);
  const { after, limit } = query;
  const top: number[] = [];
  let total = 0;
  for (let row = 0; row < table.size; row++) {
    if (!match(row)) continue;
    total++;
    if (after !== undefined && !order.after(row, after)) continue;
    insertTop(top, row, limit, order);
  }
  return { rows: top, total };
}

/** Every matching row in result order (for finding deep cursor positions; not timed). */
export function scanAll(table: ScanTable, filter: Filter, sort: SortKey, order: SortOrder): number[] {
  const match = matcher(table, filter);
  const rows: number[] = [];
  for (let row = 0; row < table.size; row++) if (match(row)) rows.push(row);
  const cmp = rowOrder(table, sort, order);
  return rows.sort((a, b) => cmp.rows(a, b));
}

/** Keeps `top` the first `limit` rows seen so far, sorted; most rows lose at the first compare. */
function insertTop(top: number[], row: number, limit: number, order: RowOrder): void {
  if (top.length === limit && order.rows(row, top[limit - 1]) >= 0) return;
  let lo = 0;
  let hi = top.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order.rows(top[mid], row) < 0) lo = mid + 1;
    else hi = mid;
  }
  top.splice(lo, 0, row);
  if (top.length > limit) top.pop();
}

/** Marks the wanted targets; `known` counts the slugs that exist (an unknown one matches nothing). */
function marks(
  size: number,
  slugs: readonly string[] | undefined,
  index: (slug: string) => number | undefined,
): { wanted: Uint8Array; known: number; active: boolean } {
  const wanted = new Uint8Array(size);
  let known = 0;
  for (const slug of slugs ?? []) {
    const i = index(slug);
    if (i !== undefined && wanted[i] === 0) {
      wanted[i] = 1;
      known++;
    }
  }
  return { wanted, known, active: (slugs ?? []).length > 0 };
}

/** Per code, 1 when its value is wanted (code 0, null, never is); null when the filter is inactive. */
function codeMarks(codes: readonly (string | null)[], wanted: readonly string[] | undefined): Uint8Array | null {
  if (!wanted || wanted.length === 0) return null;
  const out = new Uint8Array(codes.length);
  codes.forEach((value, code) => {
    if (value !== null && wanted.includes(value)) out[code] = 1;
  });
  return out;
}

/**
 * Compiles the filter into one row predicate. Every inactive check is skipped through a
 * constant captured here, so the choice is made once per query, not per row. The body is
 * long on purpose: it is the scan's hot loop.
 */
function matcher(t: ScanTable, f: Filter): (row: number) => boolean {
  const term = (kind: TaxonomyKind, slugs: readonly string[] | undefined): ReturnType<typeof marks> =>
    marks(t.termCount, slugs, (slug) => t.termIndex[kind].get(slug));
  const mechanics = term('mechanic', f.mechanics);
  const mechanicsAll = term('mechanic', f.mechanics_all);
  const mechanicsNot = term('mechanic', f.mechanics_not);
  const theme = term('theme', f.theme);
  const themeNot = term('theme', f.theme_not);
  const category = term('category', f.category);
  const categoryNot = term('category', f.category_not);
  const designer = marks(t.personCount, f.designer, (slug) => t.personIndex.get(slug));
  // mechanics_all with a slug the catalog lacks can never be satisfied
  const allImpossible = mechanicsAll.active && mechanicsAll.known < new Set(f.mechanics_all).size;
  const types = codeMarks(t.typeCodes, f.type);
  const modes = codeMarks(t.modeCodes, f.mode);
  const level = f.playtime_experience;
  const defaultFactor = level === undefined ? 1 : DEFAULT_EXPERIENCE_MULTIPLIERS[level];
  const e = t.experience;
  const own = level === undefined ? null : e[level];
  const factor = (row: number): number =>
    own === null
      ? 1
      : Number.isNaN(e.first_play[row]) ||
          Number.isNaN(e.learning[row]) ||
          Number.isNaN(e.experienced[row]) ||
          Number.isNaN(e.expert[row])
        ? defaultFactor
        : own[row];
  const { offsets, targets } = t.terms;
  const hits = (row: number, wanted: Uint8Array): number => {
    let n = 0;
    for (let i = offsets[row]; i < offsets[row + 1]; i++) n += wanted[targets[i]];
    return n;
  };
  const d = t.designers;
  const num = (v: number | undefined): number => (v === undefined ? NaN : v);
  const players = num(f.players);
  const [weightMin, weightMax] = [num(f.weight_min), num(f.weight_max)];
  const [timeMin, timeMax] = [num(f.playtime_min), num(f.playtime_max)];
  const [yearMin, yearMax] = [num(f.year_min), num(f.year_max)];
  const [ratingMin, ratingMax, votesMin] = [num(f.rating_min), num(f.rating_max), num(f.min_rating_votes)];
  const { weight, rating, ratingVotes, year, minPlayers, maxPlayers, minPlaytime, maxPlaytime } = t;
  const [typeCode, modeCode] = [t.type, t.mode];
  // A NaN column value makes every comparison below false, so nulls never pass an active check.
  return (row) => {
    if (allImpossible) return false;
    if (players === players && !(minPlayers[row] <= players && players <= maxPlayers[row])) return false;
    if (weightMin === weightMin && !(weight[row] >= weightMin)) return false;
    if (weightMax === weightMax && !(weight[row] <= weightMax)) return false;
    if (timeMin === timeMin && !(minPlaytime[row] * factor(row) >= timeMin)) return false;
    if (timeMax === timeMax && !(maxPlaytime[row] * factor(row) <= timeMax)) return false;
    if (yearMin === yearMin && !(year[row] >= yearMin)) return false;
    if (yearMax === yearMax && !(year[row] <= yearMax)) return false;
    if (ratingMin === ratingMin && !(rating[row] >= ratingMin)) return false;
    if (ratingMax === ratingMax && !(rating[row] <= ratingMax)) return false;
    if (votesMin === votesMin && !(ratingVotes[row] >= votesMin)) return false;
    if (types !== null && types[typeCode[row]] === 0) return false;
    if (modes !== null && modes[modeCode[row]] === 0) return false;
    if (mechanics.active && hits(row, mechanics.wanted) === 0) return false;
    if (mechanicsAll.active && hits(row, mechanicsAll.wanted) < mechanicsAll.known) return false;
    if (mechanicsNot.active && hits(row, mechanicsNot.wanted) > 0) return false;
    if (theme.active && hits(row, theme.wanted) === 0) return false;
    if (themeNot.active && hits(row, themeNot.wanted) > 0) return false;
    if (category.active && hits(row, category.wanted) === 0) return false;
    if (categoryNot.active && hits(row, categoryNot.wanted) > 0) return false;
    if (designer.active) {
      let found = false;
      for (let i = d.offsets[row]; i < d.offsets[row + 1] && !found; i++) found = designer.wanted[d.targets[i]] === 1;
      if (!found) return false;
    }
    return true;
  };
}
