// Fits BGG's hidden Bayesian prior from its CSV dump. BGG's geek rating is
//   bayes = (Σr + K·G) / (n + K) = (n·avg + K·G) / (n + K)
// with K dummy votes of value G. Rearranged: n·(bayes − avg) = K·G − K·bayes, which is
// linear in (K·G, K), so least squares over the rated rows (n ≥ 30, bayes > 0) gives both.
// Plain least squares on that form weighs each row by n², so the few most-rated games
// decide the fit; weighting each row by 1/(n + K)² (iterated, K from the previous round)
// minimises the error of the geek rating itself, the number BGG publishes, and is the fit
// we use. The script then recomputes every game's bayes from (avg, n) with the fitted
// prior and checks how many of the dump's top 100 (by its rank) are in our top 100 of
// base games (BGG's overall rank leaves expansions out).
// Usage: npx tsx bench/fit-bayes-prior.ts [path to boardgames_ranks CSV]

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRecords, parseDecimal, parseInteger } from '../loader/import/bgg-csv/split.js';
import { readLines } from '../loader/lines.js';

const DEFAULT_DUMP = resolve(
  fileURLToPath(new URL('../..', import.meta.url)),
  'shared/data/bgg-csv/boardgames_ranks_2025-12-10.csv',
);
/** BGG ranks only games with at least this many ratings (the dump's lowest ranked count). */
export const RANK_MIN_VOTES = 30;
const TOP = 100;

export interface DumpRow {
  id: number;
  rank: number;
  bayes: number;
  average: number;
  votes: number;
  isExpansion: boolean;
}

export interface PriorFit {
  /** K: dummy votes (BAYES_PRIOR_VOTES). */
  votes: number;
  /** G: their value (BAYES_PRIOR_MEAN). */
  mean: number;
  rows: number;
  /** Root mean square of (recomputed bayes − BGG's bayes) over the fitted rows. */
  rmse: number;
}

export async function readDump(path: string): Promise<DumpRow[]> {
  const rows: DumpRow[] = [];
  let columns: Map<string, number> | undefined;
  for await (const { fields } of csvRecords(readLines(path), ',')) {
    if (!columns) {
      columns = new Map(fields.map((name, i) => [name.trim(), i]));
      continue;
    }
    const get = (name: string) => fields[columns?.get(name) ?? -1] ?? '';
    const id = parseInteger(get('id'));
    if (id === undefined) continue;
    rows.push({
      id,
      rank: parseInteger(get('rank')) ?? 0,
      bayes: parseDecimal(get('bayesaverage')),
      average: parseDecimal(get('average')),
      votes: parseInteger(get('usersrated')) ?? 0,
      isExpansion: get('is_expansion').trim() === '1',
    });
  }
  return rows;
}

/** Rows BGG computed a geek rating for, with at least RANK_MIN_VOTES ratings. */
export function fitRows(rows: readonly DumpRow[]): DumpRow[] {
  return rows.filter((r) => r.votes >= RANK_MIN_VOTES && r.bayes > 0 && Number.isFinite(r.average));
}

/**
 * Weighted least squares of y = n·(bayes − avg) on x = bayes: y = a + b·x, so K = −b and
 * G = a / K. `weight` gives each row's weight from the current K.
 */
function leastSquares(rows: readonly DumpRow[], weight: (row: DumpRow) => number): { votes: number; mean: number } {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const r of rows) {
    const w = weight(r);
    sw += w;
    sx += w * r.bayes;
    sy += w * r.votes * (r.bayes - r.average);
  }
  const mx = sx / sw;
  const my = sy / sw;
  let sxy = 0;
  let sxx = 0;
  for (const r of rows) {
    const w = weight(r);
    const dx = r.bayes - mx;
    sxy += w * dx * (r.votes * (r.bayes - r.average) - my);
    sxx += w * dx * dx;
  }
  const b = sxy / sxx;
  const votes = -b;
  return { votes, mean: (my - b * mx) / votes };
}

/** The plain fit of the linear form (every row weight 1). */
export function fitPriorLinear(rows: readonly DumpRow[]): PriorFit {
  const fitted = fitRows(rows);
  return withError(
    fitted,
    leastSquares(fitted, () => 1),
  );
}

/** The fit that minimises the geek rating's own squared error: weights 1/(n + K)², iterated from the linear fit. */
export function fitPrior(rows: readonly DumpRow[], rounds = 30): PriorFit {
  const fitted = fitRows(rows);
  let prior = leastSquares(fitted, () => 1);
  for (let i = 0; i < rounds; i++) {
    const k = prior.votes;
    prior = leastSquares(fitted, (r) => 1 / (r.votes + k) ** 2);
  }
  return withError(fitted, prior);
}

function withError(rows: readonly DumpRow[], prior: { votes: number; mean: number }): PriorFit {
  let squares = 0;
  for (const r of rows) squares += (bayesOf(r, prior.votes, prior.mean) - r.bayes) ** 2;
  return { ...prior, rows: rows.length, rmse: Math.sqrt(squares / rows.length) };
}

export function bayesOf(row: Pick<DumpRow, 'average' | 'votes'>, votes: number, mean: number): number {
  return (row.votes * row.average + votes * mean) / (row.votes + votes);
}

/**
 * Ids of the top `n` by BGG's rank, and by the bayes recomputed with (votes, mean) over the
 * base games with ≥ 30 ratings (ties: more votes, then lower id, as D21 orders ranks).
 * `onlyRankedByBgg` also leaves out the base games BGG does not rank despite their votes.
 */
export function topOverlap(
  rows: readonly DumpRow[],
  votes: number,
  mean: number,
  n = TOP,
  onlyRankedByBgg = false,
): { shared: number; dumpTop: number[]; ourTop: number[] } {
  const dumpTop = rows
    .filter((r) => r.rank > 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, n)
    .map((r) => r.id);
  const ourTop = rows
    .filter((r) => r.votes >= RANK_MIN_VOTES && r.average > 0 && !r.isExpansion && (!onlyRankedByBgg || r.rank > 0))
    .map((r) => ({ id: r.id, bayes: bayesOf(r, votes, mean), votes: r.votes }))
    .sort((a, b) => b.bayes - a.bayes || b.votes - a.votes || a.id - b.id)
    .slice(0, n)
    .map((r) => r.id);
  const mine = new Set(ourTop);
  return { shared: dumpTop.filter((id) => mine.has(id)).length, dumpTop, ourTop };
}

async function main(): Promise<void> {
  const path = process.argv[2] ?? DEFAULT_DUMP;
  const rows = await readDump(path);
  console.log(`dump: ${path} (${rows.length.toLocaleString('en-US')} rows)`);
  const unranked = rows.filter((r) => !r.isExpansion && r.rank === 0 && r.votes >= RANK_MIN_VOTES).length;
  console.log(
    `base games BGG leaves unranked despite ≥ ${RANK_MIN_VOTES} ratings: ${unranked.toLocaleString('en-US')}`,
  );
  const fits: [string, PriorFit][] = [
    ['linear form, unweighted', fitPriorLinear(rows)],
    ['geek-rating error (weights 1/(n+K)²)', fitPrior(rows)],
  ];
  for (const [label, fit] of fits) {
    const overlap = topOverlap(rows, fit.votes, fit.mean).shared;
    const rankedOnly = topOverlap(rows, fit.votes, fit.mean, TOP, true).shared;
    console.log(
      `${label}: K = ${fit.votes.toFixed(1)}, G = ${fit.mean.toFixed(4)} over ${fit.rows.toLocaleString('en-US')} rows; ` +
        `rmse of the recomputed geek rating ${fit.rmse.toFixed(4)}; top ${TOP} shared with BGG's: ` +
        `${rankedOnly} by the served ranking (BGG's unranked left out, as imported), ${overlap} by bayes_rating over all base games`,
    );
  }
  const best = fits[1][1];
  const votes = Math.round(best.votes / 10) * 10;
  const mean = Math.round(best.mean * 100) / 100;
  const overlap = topOverlap(rows, votes, mean, TOP, true);
  const missing = overlap.dumpTop.filter((id) => !overlap.ourTop.includes(id));
  const extra = overlap.ourTop.filter((id) => !overlap.dumpTop.includes(id));
  console.log(
    `rounded: K = ${votes}, G = ${mean}: ranking's top ${TOP} shared ${overlap.shared}; BGG's only: ${missing.join(' ')}; ours only: ${extra.join(' ')}`,
  );
  console.log(`settings: BAYES_PRIOR_VOTES=${votes} BAYES_PRIOR_MEAN=${mean} RANK_MIN_VOTES=${RANK_MIN_VOTES}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
