// A DatasetInput as plain JS values, for comparing two inputs whatever their Arrow chunking
// or list-column form: every games column as its values, every list column as its rows,
// typed arrays as arrays.

import { GAME_LIST_COLUMNS, type DatasetInput } from '../../engine/index.js';

const plain = (value: unknown): unknown => {
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, plain(v)]));
  return value;
};

export function plainInput(input: DatasetInput): Record<string, unknown> {
  const games: Record<string, unknown[]> = {};
  for (const field of input.games.schema.fields) {
    const vector = input.games.getChild(field.name);
    games[field.name] = Array.from({ length: input.games.numRows }, (_, row) => vector?.get(row) ?? null);
  }
  const lists: Record<string, unknown[]> = {};
  for (const name of GAME_LIST_COLUMNS) {
    const column = input.lists[name];
    lists[name] = Array.isArray(column) ? column : Array.from({ length: column.length }, (_, row) => column.get(row));
  }
  const rest = Object.entries(input).filter(([part]) => part !== 'games' && part !== 'lists');
  return { games, lists, ...(plain(Object.fromEntries(rest)) as Record<string, unknown>) };
}
