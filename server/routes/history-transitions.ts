// Entered / exited / stable between the two ends of a window of ranking snapshots (D55).
// Ranks come only from the window's snapshot dates; a game without a rank ≤ top on a date
// is outside the top that day.

import {
  rankingDateOnOrAfter,
  rankingDateOnOrBefore,
  rankingDates,
  type GameName,
  type RankPoint,
  type RankScope,
} from '../../snapshots/history.js';
import type { Queryable } from '../../loader/store.js';

export interface RankingWindow {
  from: string;
  to: string;
  /** Every snapshot date in [from, to] holding a rank in the scope, oldest first. */
  dates: string[];
}

/**
 * `from` resolves to the latest ranking date on or before it (the first one after it when
 * there is none; the first of all when absent); `to` to the latest on or before it (the
 * latest of all when absent). null: no ranking lies in the window.
 */
export async function resolveWindow(
  db: Queryable,
  scope: RankScope,
  from: string | null,
  to: string | null,
): Promise<RankingWindow | null> {
  const start =
    from === null
      ? await rankingDateOnOrAfter(db, scope, '0001-01-01')
      : ((await rankingDateOnOrBefore(db, scope, from)) ?? (await rankingDateOnOrAfter(db, scope, from)));
  const end = await rankingDateOnOrBefore(db, scope, to);
  if (start === null || end === null || start > end) return null;
  return { from: start, to: end, dates: await rankingDates(db, scope, start, end) };
}

interface GameKeys {
  game_id: string;
  game_slug: string;
  game_name: string;
}

export interface Transitions {
  entered: (GameKeys & { entered_rank: number; entered_date: string; current_rank: number })[];
  exited: (GameKeys & { exited_rank: number; exited_date: string; peak_rank: number })[];
  stable: (GameKeys & Record<string, string | number>)[];
}

function byRankThenId<T extends { game_id: string }>(rank: (item: T) => number): (a: T, b: T) => number {
  return (a, b) => rank(a) - rank(b) || (a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0);
}

/**
 * `points` are the (date, game, rank ≤ top) rows of the window. entered: in the top at the
 * end, not at the start; entered_date starts the final unbroken run in the top. exited: the
 * reverse; exited_rank is the last rank inside the top, exited_date the next snapshot date
 * (the first outside it). stable: in the top at both ends.
 */
export function transitions(
  points: readonly RankPoint[],
  dates: readonly string[],
  names: ReadonlyMap<string, GameName>,
): Transitions {
  const from = dates[0];
  const to = dates[dates.length - 1];
  const ranks = new Map<string, Map<string, number>>();
  for (const p of points) {
    let series = ranks.get(p.game_id);
    if (!series) {
      series = new Map();
      ranks.set(p.game_id, series);
    }
    // Duplicate rows of one game on one date (dirty imports) keep the better rank.
    series.set(p.date, Math.min(p.rank, series.get(p.date) ?? Number.POSITIVE_INFINITY));
  }
  const out: Transitions = { entered: [], exited: [], stable: [] };
  const fromYear = from?.slice(0, 4);
  const toYear = to?.slice(0, 4);
  for (const [gameId, series] of ranks) {
    const name = names.get(gameId);
    if (!name) continue;
    const keys: GameKeys = { game_id: gameId, game_slug: name.slug, game_name: name.name };
    const atStart = series.get(from);
    const atEnd = series.get(to);
    if (atStart !== undefined && atEnd !== undefined) {
      out.stable.push({
        ...keys,
        rank_from: atStart,
        rank_to: atEnd,
        [`rank_${fromYear}`]: atStart,
        [`rank_${toYear}`]: atEnd,
      });
    } else if (atEnd !== undefined) {
      let i = dates.length - 1;
      while (i > 0 && series.has(dates[i - 1])) i--;
      out.entered.push({
        ...keys,
        entered_rank: series.get(dates[i]) ?? atEnd,
        entered_date: dates[i],
        current_rank: atEnd,
      });
    } else if (atStart !== undefined) {
      let last = 0;
      for (let i = 0; i < dates.length; i++) if (series.has(dates[i])) last = i;
      out.exited.push({
        ...keys,
        exited_rank: series.get(dates[last]) ?? atStart,
        exited_date: dates[last + 1] ?? to,
        peak_rank: Math.min(...series.values()),
      });
    }
  }
  out.entered.sort(byRankThenId((e) => e.current_rank));
  out.exited.sort(byRankThenId((e) => e.exited_rank));
  out.stable.sort(byRankThenId((e) => e.rank_to as number));
  return out;
}
