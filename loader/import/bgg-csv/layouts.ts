// The two BGG CSV layouts, recognised by their header, and what one row of each says
// about a game. Values the source marks as unknown (year 0, 0 players, average 0 with no
// votes…) become absent rather than zeros.

import { parseDecimal, parseInteger, parseList } from './split.js';

export type LayoutName = 'boardgames_ranks' | 'bgg_dataset';

export interface Layout {
  name: LayoutName;
  separator: string;
  /** Column positions by header name. */
  columns: Map<string, number>;
}

/** What one CSV row says about a game (only the fields the source has). */
export interface CsvGame {
  bggId: number;
  name: string;
  year?: number;
  /** Only the ranks dump knows it; the 2021 dataset lists base games only (ranked games). */
  isExpansion?: boolean;
  minPlayers?: number;
  maxPlayers?: number;
  maxPlaytime?: number;
  minAge?: number;
  rating?: { average: number; votes: number };
  /** BGG weight (1–5); the 2021 dataset gives no vote count for it (stored without one). */
  weight?: number;
  owned?: number;
  /** BGG mechanic names, in the source's order. */
  mechanics: string[];
  /** BGG domain names (the 2021 dataset's `Domains`: "Strategy Games", …), in the source's order. */
  domains: string[];
  /** BGG's overall rank says ranked (> 0) or not (0, "unranked"); absent when the row has no rank. */
  ranked?: boolean;
  /** The dump's own geek rating (bayesaverage) and ranks: overall and per domain (category slug → rank). */
  geek?: { bayes: number; rank?: number; byDomain: Record<string, number> };
}

/** The dump's per-domain rank columns → the categories the 2021 dataset's Domains map to (bgg-terms.json). */
export const DOMAIN_RANK_COLUMNS: Readonly<Record<string, string>> = {
  abstracts_rank: 'Abstract Games',
  cgs_rank: 'Customizable Games',
  childrensgames_rank: "Children's Games",
  familygames_rank: 'Family Games',
  partygames_rank: 'Party Games',
  strategygames_rank: 'Strategy Games',
  thematic_rank: 'Thematic Games',
  wargames_rank: 'Wargames',
};

const RANKS_REQUIRED = ['id', 'name', 'yearpublished', 'average', 'usersrated', 'is_expansion'];
const DATASET_REQUIRED = [
  'ID',
  'Name',
  'YearPublished',
  'MinPlayers',
  'MaxPlayers',
  'PlayTime',
  'MinAge',
  'UsersRated',
  'RatingAverage',
  'ComplexityAverage',
  'OwnedUsers',
  'Mechanics',
];

/** The layout of a header line (BOM already removed), or undefined for neither. */
export function detectLayout(header: string): Layout | undefined {
  for (const [name, separator, required] of [
    ['boardgames_ranks', ',', RANKS_REQUIRED],
    ['bgg_dataset', ';', DATASET_REQUIRED],
  ] as const) {
    const names = header.split(separator).map((s) => s.trim());
    if (required.every((r) => names.includes(r))) {
      return { name, separator, columns: new Map(names.map((n, i) => [n, i])) };
    }
  }
  return undefined;
}

/** Why a row cannot be imported, or the game it describes. */
export type RowResult = { ok: true; game: CsvGame } | { ok: false; reason: string };

export function readRow(layout: Layout, fields: readonly string[]): RowResult {
  const get = (column: string) => fields[layout.columns.get(column) ?? -1] ?? '';
  return layout.name === 'boardgames_ranks' ? ranksRow(get) : datasetRow(get);
}

type Getter = (column: string) => string;

function common(idText: string, nameText: string, yearText: string): RowResult | CsvGame {
  const bggId = parseInteger(idText);
  if (bggId === undefined || bggId < 0) return { ok: false, reason: 'no BGG id' };
  const name = nameText.trim();
  if (name === '') return { ok: false, reason: 'no name' };
  if (name.length > 300) return { ok: false, reason: 'name longer than 300 characters' };
  const year = parseInteger(yearText);
  return {
    bggId,
    name,
    year: year === undefined || year === 0 || year < -5000 || year > 2100 ? undefined : year,
    mechanics: [],
    domains: [],
  };
}

function ranksRow(get: Getter): RowResult {
  const base = common(get('id'), get('name'), get('yearpublished'));
  if ('ok' in base) return base;
  return {
    ok: true,
    game: {
      ...base,
      isExpansion: get('is_expansion').trim() === '1',
      rating: rating(get('average'), get('usersrated')),
      ranked: ranked(get('rank')),
      geek: geek(get),
    },
  };
}

/** The dump's bayesaverage (0 = none) with its overall and per-domain ranks. */
function geek(get: Getter): CsvGame['geek'] {
  const bayes = parseDecimal(get('bayesaverage'));
  if (!(bayes >= 1 && bayes <= 10)) return undefined;
  const rank = parseInteger(get('rank'));
  const byDomain: Record<string, number> = {};
  for (const [column, domain] of Object.entries(DOMAIN_RANK_COLUMNS)) {
    const r = parseInteger(get(column));
    if (r !== undefined && r > 0) byDomain[domain] = r;
  }
  return { bayes, rank: rank !== undefined && rank > 0 ? rank : undefined, byDomain };
}

function datasetRow(get: Getter): RowResult {
  const base = common(get('ID'), get('Name'), get('YearPublished'));
  if ('ok' in base) return base;
  const weight = parseDecimal(get('ComplexityAverage'));
  const owned = parseInteger(get('OwnedUsers'));
  return {
    ok: true,
    game: {
      ...base,
      minPlayers: within(parseInteger(get('MinPlayers')), 1, 1000),
      maxPlayers: within(parseInteger(get('MaxPlayers')), 1, 1000),
      maxPlaytime: within(parseInteger(get('PlayTime')), 1, 100_000),
      minAge: within(parseInteger(get('MinAge')), 1, 99),
      rating: rating(get('RatingAverage'), get('UsersRated')),
      // 0 means nobody voted on weight (README §1); anything else is BGG's 1–5 average.
      weight: weight >= 1 && weight <= 5 ? weight : undefined,
      owned: owned !== undefined && owned >= 0 ? owned : undefined,
      mechanics: parseList(get('Mechanics')),
      domains: parseList(get('Domains')),
      ranked: ranked(get('BGGRank')),
    },
  };
}

/** A rank column: a positive rank is ranked, 0 is BGG's "unranked", empty or missing says nothing. */
function ranked(rankText: string): boolean | undefined {
  const rank = parseInteger(rankText);
  return rank === undefined || rank < 0 ? undefined : rank > 0;
}

/** BGG's average and vote count; none when nobody rated (the dump writes average 0 then). */
function rating(averageText: string, votesText: string): CsvGame['rating'] {
  const votes = parseInteger(votesText);
  const average = parseDecimal(averageText);
  if (votes === undefined || votes <= 0 || !(average >= 1 && average <= 10)) return undefined;
  return { average, votes };
}

/** The value when inside [min, max]; BGG writes 0 for "not stated". */
function within(value: number | undefined, min: number, max: number): number | undefined {
  return value !== undefined && value >= min && value <= max ? value : undefined;
}
