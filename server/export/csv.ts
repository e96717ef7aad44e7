// CSV rows of the export (RFC 4180: CRLF line ends, fields quoted when they hold a comma,
// quote, CR or LF). One row per game; the columns are the Game members in JSON order (minus
// _links), then taxonomy slugs and the effective-mode match. Lists are pipe-joined; null is
// an empty field. Changing the columns is a schema_version change (docs/export.md).

import type { DatasetApi, GameRecord, GameRelated, MatchedVia } from '../../engine/index.js';

type Cell = string | number | null;

interface RowContext {
  game: GameRecord;
  dataset: DatasetApi;
  row: number;
  matchedVia: MatchedVia | null;
  /** Read once per row, only if a taxonomy column asks (related() builds every list). */
  related?: GameRelated;
}

const pipe = (items: readonly (string | number)[]): string => items.join('|');

function relatedOf(c: RowContext): GameRelated {
  if (c.related === undefined) c.related = c.dataset.related(c.row);
  return c.related;
}
/** GameRecord members that are already a single cell (no lists or maps). */
type ScalarKey = { [K in keyof GameRecord]: GameRecord[K] extends Cell ? K : never }[keyof GameRecord];
const field =
  (key: ScalarKey) =>
  (c: RowContext): Cell =>
    c.game[key];
const list =
  (key: 'rating_distribution' | 'top_player_counts' | 'recommended_player_counts') =>
  (c: RowContext): Cell => {
    const value = c.game[key];
    return value === null ? null : pipe(value);
  };
const slugs =
  (kind: 'mechanics' | 'categories' | 'themes') =>
  (c: RowContext): Cell =>
    pipe(relatedOf(c)[kind].map((t) => t.slug));

/** Column name → cell. Order is the CSV column order. */
export const CSV_COLUMNS: readonly (readonly [string, (c: RowContext) => Cell])[] = [
  ['id', field('id')],
  ['slug', field('slug')],
  ['name', field('name')],
  ['type', field('type')],
  ['year_published', field('year_published')],
  ['parent_game_id', field('parent_game_id')],
  ['min_players', field('min_players')],
  ['max_players', field('max_players')],
  ['min_playtime', field('min_playtime')],
  ['max_playtime', field('max_playtime')],
  ['community_min_playtime', field('community_min_playtime')],
  ['community_max_playtime', field('community_max_playtime')],
  ['min_age', field('min_age')],
  ['community_suggested_age', field('community_suggested_age')],
  ['weight', field('weight')],
  ['weight_votes', field('weight_votes')],
  ['rating', field('rating')],
  ['rating_votes', field('rating_votes')],
  ['rating_confidence', field('rating_confidence')],
  ['rating_distribution', list('rating_distribution')],
  ['rating_stddev', field('rating_stddev')],
  ['rank_overall', field('rank_overall')],
  [
    'rank_by_category',
    (c) => {
      const ranks = c.game.rank_by_category;
      return ranks === null ? null : pipe(Object.entries(ranks).map(([category, rank]) => `${category}:${rank}`));
    },
  ],
  ['owner_count', field('owner_count')],
  ['wishlist_count', field('wishlist_count')],
  ['total_plays', field('total_plays')],
  ['language_dependence', field('language_dependence')],
  ['mode', field('mode')],
  ['top_player_counts', list('top_player_counts')],
  ['recommended_player_counts', list('recommended_player_counts')],
  ['funding_source', field('funding_source')],
  ['legacy_id', field('legacy_id')],
  ['updated_at', field('updated_at')],
  ['bayes_rating', field('bayes_rating')],
  ['sort_name', field('sort_name')],
  ['community_median_playtime', field('community_median_playtime')],
  ['release_date', field('release_date')],
  ['description', field('description')],
  ['created_at', field('created_at')],
  ['mechanics', slugs('mechanics')],
  ['categories', slugs('categories')],
  ['themes', slugs('themes')],
  ['matched_via_expansions', (c) => (c.matchedVia === null ? null : pipe(c.matchedVia.expansions.map((e) => e.slug)))],
  ['matched_via_resolution_tier', (c) => (c.matchedVia === null ? null : c.matchedVia.resolution_tier)],
];

export const CSV_COLUMN_NAMES: readonly string[] = CSV_COLUMNS.map(([name]) => name);

const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMN_NAMES.map(csvCell).join(',')}\r\n`;
}

export function csvRow(dataset: DatasetApi, row: number, matchedVia: MatchedVia | null): string {
  const context: RowContext = { game: dataset.game(row), dataset, row, matchedVia };
  let line = '';
  for (let i = 0; i < CSV_COLUMNS.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(CSV_COLUMNS[i][1](context));
  }
  return `${line}\r\n`;
}
