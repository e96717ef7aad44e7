// The input half of a column file (loader/columns/dataset-parts.ts) at a size where its list
// columns are encoded in several steps: the text is what one piece would be, byte for byte,
// and reads back as the lists written. An input read back (lists as JSON text and integer
// offsets, columns as IPC views) puts its rows in another order as the one written does.

import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { GAME_LIST_COLUMNS, reorderedInputSteps, utf8Vector } from '../../../engine/index.js';
import { decodeDatasetInput, encodeDatasetInput } from '../../../loader/columns/dataset-parts.js';
import { randomCatalog, Rng } from '../../engine/random-catalog.js';
import { plainInput } from '../../helpers/plain-input.js';

describe('the input parts of a catalog larger than one encoding step', () => {
  const { input } = randomCatalog(11, { games: 40_000 });

  it('encodes each JSON list column as the whole column at once would, and reads it back', () => {
    const lists = encodeDatasetInput(input).get('lists');
    expect(lists?.numRows).toBe(40_000);
    let compared = 0;
    for (const name of GAME_LIST_COLUMNS) {
      const vector = lists?.getChild(name);
      if (vector?.type.toString() !== 'Utf8') continue;
      const column = name === 'legacy_id_numeric' ? undefined : input.lists[name];
      const text = Array.from({ length: 40_000 }, (_, row) =>
        JSON.stringify(column === undefined ? input.lists.legacy_id_numeric[row] : column.get(row)),
      );
      const whole = utf8Vector(text).data[0];
      expect(vector.data).toHaveLength(1);
      expect(Buffer.from(vector.data[0].valueOffsets).equals(Buffer.from(whole.valueOffsets))).toBe(true);
      expect(Buffer.from(vector.data[0].values).equals(Buffer.from(whole.values))).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(2);
    const decoded = decodeDatasetInput(encodeDatasetInput(input));
    expect(plainInput(decoded).lists).toEqual(plainInput(input).lists);
  });
});

describe('an input read back from its parts, in another row order', () => {
  it('holds what the input written holds in that order', () => {
    const { input } = randomCatalog(12, { games: 3_000 });
    const read = decodeDatasetInput(
      new Map([...encodeDatasetInput(input)].map(([part, table]) => [part, tableFromIPC(tableToIPC(table, 'file'))])),
    );
    const rng = new Rng(13);
    const rows = Uint32Array.from({ length: 3_000 }, (_, i) => i);
    for (let i = rows.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    const finish = (steps: Generator<void, typeof input>) => {
      let next = steps.next();
      while (!next.done) next = steps.next();
      return next.value;
    };
    const fromRead = finish(reorderedInputSteps(read, rows));
    expect(plainInput(fromRead)).toEqual(plainInput(finish(reorderedInputSteps(input, rows))));
    expect(plainInput(fromRead)).not.toEqual(plainInput(read));
  });
});
