// CSV rows of the export (RFC 4180: CRLF line ends, fields quoted when they hold a comma,
// quote, CR or LF). One row per game; the columns are the Game fields in JSON order (the
// field registry's, minus _links), then taxonomy slugs and the effective-mode match. Lists
// are pipe-joined; null is an empty field. Changing the columns is a schema_version change
// (docs/export.md).

import {
  GAME_JSON_FIELDS,
  type DatasetApi,
  type GameJsonField,
  type GameRecord,
  type GameRelated,
  type MatchedVia,
} from '../../engine/index.js';

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
const slugs =
  (kind: 'mechanics' | 'categories' | 'themes') =>
  (c: RowContext): Cell =>
    pipe(relatedOf(c)[kind].map((t) => t.slug));

/** The cell of one Game field, by its kind: lists pipe-joined, a rank map as category:rank pairs. */
function fieldCell(field: GameJsonField): (c: RowContext) => Cell {
  switch (field.kind) {
    case 'number-list':
    case 'integer-list': {
      const key = field.name;
      return (c) => {
        const value = c.game[key];
        return value === null ? null : pipe(value);
      };
    }
    case 'rank-map': {
      const key = field.name;
      return (c) => {
        const ranks = c.game[key];
        return ranks === null ? null : pipe(Object.entries(ranks).map(([category, rank]) => `${category}:${rank}`));
      };
    }
    default: {
      const key = field.name;
      return (c) => c.game[key];
    }
  }
}

/** Column name → cell. Order is the CSV column order: the Game fields, then the extras. */
export const CSV_COLUMNS: readonly (readonly [string, (c: RowContext) => Cell])[] = [
  ...GAME_JSON_FIELDS.map((field) => [field.name, fieldCell(field)] as const),
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
