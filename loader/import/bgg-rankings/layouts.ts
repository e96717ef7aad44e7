// The two ranking-history layouts, recognised by their header, and what one row says.
//  - dated files (beefsack/bgg-ranking-historicals): `ID,Name,Year,Rank,Average,Bayes
//    average,Users rated,URL,Thumbnail`, one file per capture, the date in the file name
//    (`2017-08-01.csv`, or the upstream `2017-08-01T00-33-19.csv`);
//  - a series in one file (`daily_top50_*.csv`): `date,ID,Rank,Average,Bayes average,Users
//    rated`, the date in a column and no names.

import { parseDecimal, parseInteger } from '../bgg-csv/split.js';

export type RankingLayoutName = 'dated_file' | 'series';

export interface RankingLayout {
  name: RankingLayoutName;
  /** Column positions by header name. */
  columns: Map<string, number>;
}

/** One ranking row: a game's place and ratings on a date. */
export interface RankingRow {
  bggId: number;
  date: string;
  /** Only the dated files name their games; a series row can only add to a known game. */
  name?: string;
  year?: number;
  rank: number;
  average?: number;
  bayesAverage?: number;
  usersRated?: number;
}

const METRICS = ['ID', 'Rank', 'Average', 'Bayes average', 'Users rated'];
const DATED_REQUIRED = [...METRICS, 'Name', 'Year'];
const SERIES_REQUIRED = ['date', ...METRICS];

export function detectRankingLayout(header: string): RankingLayout | undefined {
  const names = header.split(',').map((s) => s.trim());
  const columns = new Map(names.map((n, i) => [n, i]));
  if (DATED_REQUIRED.every((r) => columns.has(r))) return { name: 'dated_file', columns };
  if (SERIES_REQUIRED.every((r) => columns.has(r))) return { name: 'series', columns };
  return undefined;
}

/** The capture date a dated file's name carries (`2017-08-01.csv`, `2017-08-01T00-33-19.csv`). */
export function dateOfFileName(fileName: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(T[\d-]+)?\.csv$/i.exec(fileName);
  return match && isCalendarDate(match[1]) ? match[1] : undefined;
}

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export type RankingRowResult = { ok: true; row: RankingRow } | { ok: false; reason: string };

/** A row of either layout; `fileDate` is the dated file's date (unused for a series). */
export function readRankingRow(
  layout: RankingLayout,
  fields: readonly string[],
  fileDate: string | undefined,
): RankingRowResult {
  const get = (column: string) => fields[layout.columns.get(column) ?? -1] ?? '';
  const bggId = parseInteger(get('ID'));
  if (bggId === undefined || bggId <= 0) return { ok: false, reason: 'no BGG id' };
  const date = layout.name === 'series' ? get('date').trim() : fileDate;
  if (date === undefined || !isCalendarDate(date)) return { ok: false, reason: 'no valid date (YYYY-MM-DD)' };
  const rank = parseInteger(get('Rank'));
  if (rank === undefined || rank < 1) return { ok: false, reason: 'no rank (a positive whole number)' };
  const average = parseDecimal(get('Average'));
  const bayes = parseDecimal(get('Bayes average'));
  const votes = parseInteger(get('Users rated'));
  const row: RankingRow = {
    bggId,
    date,
    rank,
    // BGG's ratings are 1–10; anything else (0 for "none") is left out rather than stored.
    average: average >= 1 && average <= 10 ? average : undefined,
    bayesAverage: bayes >= 1 && bayes <= 10 ? bayes : undefined,
    usersRated: votes !== undefined && votes >= 0 ? votes : undefined,
  };
  if (layout.name === 'dated_file') {
    const name = get('Name').trim();
    if (name === '') return { ok: false, reason: 'no name' };
    if (name.length > 300) return { ok: false, reason: 'name longer than 300 characters' };
    row.name = name;
    const year = parseInteger(get('Year'));
    // Year 0 means unknown, as in the dump.
    if (year !== undefined && year !== 0 && year >= -5000 && year <= 2100) row.year = year;
  }
  return { ok: true, row };
}
