// BGG's community polls → the catalog's stats rows (SPEC-NOTES §3.7).

import { LANGUAGE_DEPENDENCE_LEVELS } from '../../../engine/index.js';
import type { CatalogStats } from '../../catalog/records.js';
import type { BggPlayerCountRow, BggPolls } from './parse.js';

type PlayerCountRating = NonNullable<CatalogStats['player_count_ratings']>[number];
type AgeRow = NonNullable<CatalogStats['age_poll']>[number];
type LanguageRow = NonNullable<CatalogStats['language_poll']>[number];

/** §3.7: a BGG vote of Best counts as 5, Recommended as 3.5, Not Recommended as 1.5. */
export const BEST = 5;
export const RECOMMENDED = 3.5;
export const NOT_RECOMMENDED = 1.5;
const MAX_PLAYERS = 1000;

/**
 * One row per player count with votes: the weighted average of the converted votes and
 * their population standard deviation. "N+" (more than the box's maximum N) becomes count
 * N+1, the first count it stands for, unless that count has a row of its own.
 */
export function playerCountRatings(polls: BggPolls): PlayerCountRating[] {
  const rows = new Map<number, PlayerCountRating>();
  const plus: [number, PlayerCountRating][] = [];
  for (const row of polls.playerCount) {
    const match = /^(\d+)(\+?)$/.exec(row.count);
    if (!match) continue;
    const count = Number(match[1]) + (match[2] === '+' ? 1 : 0);
    const rating = convertRow(row);
    if (!rating || count < 1 || count > MAX_PLAYERS) continue;
    if (match[2] === '+') plus.push([count, { ...rating, player_count: count }]);
    else rows.set(count, { ...rating, player_count: count });
  }
  for (const [count, rating] of plus) if (!rows.has(count)) rows.set(count, rating);
  if (rows.size === 0) return summaryRatings(polls);
  return [...rows.values()].sort((a, b) => a.player_count - b.player_count);
}

function convertRow(row: BggPlayerCountRow): Omit<PlayerCountRating, 'player_count'> | undefined {
  const n = row.best + row.recommended + row.notRecommended;
  if (n <= 0) return undefined;
  const mean = (BEST * row.best + RECOMMENDED * row.recommended + NOT_RECOMMENDED * row.notRecommended) / n;
  const variance =
    (row.best * (BEST - mean) ** 2 +
      row.recommended * (RECOMMENDED - mean) ** 2 +
      row.notRecommended * (NOT_RECOMMENDED - mean) ** 2) /
    n;
  return { average_rating: mean, rating_count: n, rating_stddev: Math.sqrt(variance) };
}

/**
 * Only the newer poll-summary ("Best with 3 players", "Recommended with 1–4 players") and no
 * vote rows: best counts become 5 and the other recommended counts 3.5, with rating_count 0
 * because no individual votes are known. This keeps BGG's verdict without inventing votes.
 */
function summaryRatings(polls: BggPolls): PlayerCountRating[] {
  const best = countsIn(polls.summary.best);
  const recommended = countsIn(polls.summary.recommended);
  const rows = new Map<number, PlayerCountRating>();
  for (const c of recommended) rows.set(c, { player_count: c, average_rating: RECOMMENDED, rating_count: 0 });
  for (const c of best) rows.set(c, { player_count: c, average_rating: BEST, rating_count: 0 });
  return [...rows.values()].sort((a, b) => a.player_count - b.player_count);
}

/** "Best with 3 players", "Recommended with 1–4 players", "Best with 2, 4 players" → counts. */
export function countsIn(summary: string | undefined): number[] {
  if (!summary) return [];
  const counts = new Set<number>();
  for (const part of summary.replace(/^[^\d]*/, '').split(/,/)) {
    const range = /(\d+)\s*[-–—]\s*(\d+)/.exec(part);
    if (range) {
      const lo = Number(range[1]);
      const hi = Math.min(Number(range[2]), MAX_PLAYERS);
      for (let c = lo; c <= hi; c++) if (c >= 1) counts.add(c);
      continue;
    }
    const single = /(\d+)/.exec(part);
    if (single && Number(single[1]) >= 1 && Number(single[1]) <= MAX_PLAYERS) counts.add(Number(single[1]));
  }
  return [...counts].sort((a, b) => a - b);
}

/** suggested_playerage → one row per age with votes ("21 and up" counts as 21). */
export function agePoll(polls: BggPolls): AgeRow[] {
  const rows = new Map<number, number>();
  for (const r of polls.playerAge) {
    const age = parseInt(r.value, 10);
    if (!Number.isInteger(age) || age < 0 || age > 99 || r.votes <= 0) continue;
    rows.set(age, (rows.get(age) ?? 0) + r.votes);
  }
  return [...rows].sort((a, b) => a[0] - b[0]).map(([suggested_age, vote_count]) => ({ suggested_age, vote_count }));
}

/**
 * language_dependence → our five levels. The results' `level` attribute is a global id
 * (1–5 on one game, 6–10 on another), so the level is the result's position in the poll.
 */
export function languagePoll(polls: BggPolls): LanguageRow[] {
  if (polls.language.length !== LANGUAGE_DEPENDENCE_LEVELS.length) return [];
  const rows = polls.language
    .map((r, i) => ({ level: LANGUAGE_DEPENDENCE_LEVELS[i], vote_count: r.votes }))
    .filter((r) => r.vote_count > 0);
  return rows;
}
