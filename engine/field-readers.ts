// How each registry field of a GameRecord is read from the games (engine/fields.ts says what
// a field is; this says where its value comes from by storage and kind). Chosen once per
// Dataset; records.ts compiles the readers into one object literal per row.

import type { GameJsonField } from './fields.js';
import type { Games } from './games.js';
import type { RowReader } from './record-builder.js';

type DerivedField = Extract<GameJsonField, { storage: 'derived' }>['name'];

/** How each derived field is computed (a new one fails to compile until it is given here). */
const DERIVED: Readonly<Record<DerivedField, (games: Games) => RowReader>> = {
  sort_name: (games) => (row) => games.sortNames[row],
};

/**
 * The reader of one registry field, chosen once per Dataset: NaN reads as null, a missing
 * required string as '' (the store never leaves one empty), lists and maps are copied so a
 * caller cannot change the Dataset, and legacy_id is a number when its source's was (D2).
 */
export function fieldReader(field: GameJsonField, games: Games): RowReader {
  switch (field.storage) {
    case 'number': {
      const values = games.numbers[field.name];
      return (row) => {
        const value = values[row];
        return Number.isNaN(value) ? null : value;
      };
    }
    case 'string': {
      const read = games.stringReader(field.name);
      if (field.kind === 'legacy-id') {
        const numeric = games.lists.legacy_id_numeric;
        return (row) => {
          const value = read(row);
          return value === null ? null : numeric[row] ? Number(value) : value;
        };
      }
      return field.nullable ? read : (row) => read(row) ?? '';
    }
    case 'list': {
      if (field.kind === 'rank-map') {
        const maps = games.lists[field.name];
        return (row) => {
          const map = maps.get(row);
          return map ? { ...map } : null;
        };
      }
      const lists = games.lists[field.name];
      return (row) => {
        const list = lists.get(row);
        return list ? [...list] : null;
      };
    }
    case 'derived':
      return DERIVED[field.name](games);
  }
}
