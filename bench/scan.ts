// The plain-scan method: test every row against the filter, keep the best `limit` rows after
// the cursor in a small sorted buffer, count every match for the total. No indexes: what a
// straightforward in-memory implementation would do, and the baseline for the bitmap plans.

import {
  AWARD_RESULTS,
  DEFAULT_EXPERIENCE_MULTIPLIERS,
  type Filter,
  type Query,
  type SortKey,
  type SortOrder,
  type TaxonomyKind,
} from '../engine/index.js';
import { rowOrder, type RowOrder } from './scan-order.js';
import type { ScanTable } from './scan-table.js';
import { assertSupported } from './supported.js';

/** One page of the query: rows after the cursor, first `limit` in order, and the exact total. */
export function scanQuery(table: ScanTable, query: Query): { rows: number[]; total: number } {
  assertSupported(query);
  const matches = filterRows(table, query.filter);
  const order = rowOrder(table, query.sort, query.order);
  const { after, limit } = query;
  const top: number[] = [];
  for (let i = 0; i < matches.length; i++) {
    const row = matches[i];
    if (after !== undefined && !order.after(row, after)) continue;
    insertTop(top, row, limit, order);
  }
  return { rows: top, total: matches.length };
}

/** Every matching row in result order (for finding deep cursor positions; not timed). */
export function scanAll(table: ScanTable, filter: Filter, sort: SortKey, order: SortOrder): number[] {
  const cmp = rowOrder(table, sort, order);
  return Array.from(filterRows(table, filter)).sort((a, b) => cmp.rows(a, b));
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

/** Marks the wanted targets (an unknown slug marks nothing, so it matches nothing). */
function marks(
  size: number,
  slugs: readonly string[] | undefined,
  index: (slug: string) => number | undefined,
): { wanted: Uint8Array; active: boolean } {
  const wanted = new Uint8Array(size);
  for (const slug of slugs ?? []) {
    const i = index(slug);
    if (i !== undefined) wanted[i] = 1;
  }
  return { wanted, active: (slugs ?? []).length > 0 };
}

/** Role bit of mechanics_all terms (counted, not just seen). */
const ALL_BIT = 2;

/** Per code, 1 when its value is wanted (code 0, null, never is); null when the filter is inactive. */
function codeMarks(codes: readonly (string | null)[], wanted: readonly string[] | undefined): Uint8Array | null {
  if (!wanted || wanted.length === 0) return null;
  const out = new Uint8Array(codes.length);
  codes.forEach((value, code) => {
    if (value !== null && wanted.includes(value)) out[code] = 1;
  });
  return out;
}

/** Per (award, result) code, 1 when it satisfies the award filter; null when inactive. */
function awardMarks(t: ScanTable, award: Filter['award']): Uint8Array | null {
  if (award === undefined) return null;
  const results = AWARD_RESULTS.length;
  const out = new Uint8Array(t.awardIndex.size * results);
  const wantedAward = award.slug === undefined ? undefined : (t.awardIndex.get(award.slug) ?? -1);
  const wantedResult = award.result === undefined ? undefined : AWARD_RESULTS.indexOf(award.result);
  for (let code = 0; code < out.length; code++) {
    const a = Math.floor(code / results);
    const r = code % results;
    if ((wantedAward === undefined || wantedAward === a) && (wantedResult === undefined || wantedResult === r))
      out[code] = 1;
  }
  return out;
}

/**
 * The matching rows, ascending. Every inactive check is skipped through a constant set up
 * here, so the choice is made once per query, not per row; the row loop is inline (a
 * per-row predicate call cost ~10 ns a row, more than most checks). The body is long on
 * purpose: it is the scan's hot loop.
 */
export function filterRows(t: ScanTable, f: Filter): Uint32Array {
  // Every taxonomy dimension in one pass over a game's terms: each wanted term carries the
  // bits of the dimensions that name it; a row needs every "any" bit, no "not" bit, and as
  // many all-of hits as distinct all-of slugs (an unknown slug can then never be satisfied).
  const roles = new Uint8Array(t.termCount);
  let requiredAny = 0;
  let forbidden = 0;
  const role = (kind: TaxonomyKind, slugs: readonly string[] | undefined, bit: number, any: boolean): void => {
    if (!slugs || slugs.length === 0) return;
    if (any) requiredAny |= bit;
    else if (bit !== ALL_BIT) forbidden |= bit;
    for (const slug of slugs) {
      const index = t.termIndex[kind].get(slug);
      if (index !== undefined) roles[index] |= bit;
    }
  };
  role('mechanic', f.mechanics, 1, true);
  role('mechanic', f.mechanics_all, ALL_BIT, false);
  role('mechanic', f.mechanics_not, 4, false);
  role('theme', f.theme, 8, true);
  role('theme', f.theme_not, 16, false);
  role('category', f.category, 32, true);
  role('category', f.category_not, 64, false);
  const allNeeded = new Set(f.mechanics_all ?? []).size;
  const termsActive = requiredAny !== 0 || forbidden !== 0 || allNeeded > 0;
  const designer = marks(t.personCount, f.designer, (slug) => t.personIndex.get(slug));
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
  const d = t.designers;
  const num = (v: number | undefined): number => (v === undefined ? NaN : v);
  const players = num(f.players);
  const [weightMin, weightMax] = [num(f.weight_min), num(f.weight_max)];
  const [timeMin, timeMax] = [num(f.playtime_min), num(f.playtime_max)];
  const [yearMin, yearMax] = [num(f.year_min), num(f.year_max)];
  const [ratingMin, ratingMax, votesMin] = [num(f.rating_min), num(f.rating_max), num(f.min_rating_votes)];
  const { weight, rating, ratingVotes, year, minPlayers, maxPlayers } = t;
  const community = f.playtime_source === 'community';
  const minPlaytime = community ? t.communityMinPlaytime : t.minPlaytime;
  const maxPlaytime = community ? t.communityMaxPlaytime : t.maxPlaytime;
  const awards = awardMarks(t, f.award);
  const [typeCode, modeCode] = [t.type, t.mode];
  // plain locals for the loop (the role() closure above captured the mutable ones)
  const [needAny, notBits] = [requiredAny, forbidden];
  const out = new Uint32Array(t.size);
  let count = 0;
  // Which bounds are active, decided once: an unset bound is NaN.
  const hasPlayers = !Number.isNaN(players);
  const hasWeightMin = !Number.isNaN(weightMin);
  const hasWeightMax = !Number.isNaN(weightMax);
  const hasTimeMin = !Number.isNaN(timeMin);
  const hasTimeMax = !Number.isNaN(timeMax);
  const hasYearMin = !Number.isNaN(yearMin);
  const hasYearMax = !Number.isNaN(yearMax);
  const hasRatingMin = !Number.isNaN(ratingMin);
  const hasRatingMax = !Number.isNaN(ratingMax);
  const hasVotesMin = !Number.isNaN(votesMin);
  // A NaN column value makes every comparison below false, so nulls never pass an active check.
  for (let row = 0; row < t.size; row++) {
    if (hasPlayers && !(minPlayers[row] <= players && players <= maxPlayers[row])) continue;
    if (hasWeightMin && !(weight[row] >= weightMin)) continue;
    if (hasWeightMax && !(weight[row] <= weightMax)) continue;
    if (hasTimeMin && !(minPlaytime[row] * factor(row) >= timeMin)) continue;
    if (hasTimeMax && !(maxPlaytime[row] * factor(row) <= timeMax)) continue;
    if (hasYearMin && !(year[row] >= yearMin)) continue;
    if (hasYearMax && !(year[row] <= yearMax)) continue;
    if (hasRatingMin && !(rating[row] >= ratingMin)) continue;
    if (hasRatingMax && !(rating[row] <= ratingMax)) continue;
    if (hasVotesMin && !(ratingVotes[row] >= votesMin)) continue;
    if (types !== null && types[typeCode[row]] === 0) continue;
    if (modes !== null && modes[modeCode[row]] === 0) continue;
    if (termsActive) {
      let seen = 0;
      let all = 0;
      for (let i = offsets[row], end = offsets[row + 1]; i < end; i++) {
        const bits = roles[targets[i]];
        seen |= bits;
        all += (bits & ALL_BIT) >> 1;
      }
      if ((seen & needAny) !== needAny || (seen & notBits) !== 0 || all < allNeeded) continue;
    }
    if (awards !== null) {
      let found = false;
      for (let i = t.awards.offsets[row]; i < t.awards.offsets[row + 1] && !found; i++)
        found = awards[t.awards.targets[i]] === 1;
      if (!found) continue;
    }
    if (designer.active) {
      let found = false;
      for (let i = d.offsets[row]; i < d.offsets[row + 1] && !found; i++) found = designer.wanted[d.targets[i]] === 1;
      if (!found) continue;
    }
    out[count++] = row;
  }
  return out.subarray(0, count);
}
