// cutRecords turns packed records (each game's values joined by the unit separator, a lone
// record separator for null, the records joined by the unit separator too, as UTF-8 bytes)
// into one Utf8 vector per column: the same values a per-value read gives, row for row, and
// no vectors at all, rather than shifted rows, when the count of values is off.

import { describe, expect, it } from 'vitest';
import { cutRecords, cutRecordsSteps } from '../../loader/packed-utf8.js';

const encoder = new TextEncoder();
type Value = string | null;
const pack = (records: readonly (readonly Value[])[]): Uint8Array =>
  encoder.encode(records.flatMap((r) => r.map((v) => v ?? '\u001e')).join('\u001f'));
const columnsOf = (records: readonly (readonly Value[])[], width: number): Value[][] | undefined =>
  cutRecords(pack(records), records.length, width)?.map((vector) =>
    [...vector].map((v) => (v === null ? null : String(v))),
  );
const transpose = (records: readonly (readonly Value[])[], width: number): Value[][] =>
  Array.from({ length: width }, (_, c) => records.map((r) => r[c]));

describe('cutRecords', () => {
  it('gives back every value of one column in order: empty strings, nulls first, last and in a row, non-ASCII text', () => {
    const values = [null, '', 'Catan', null, null, 'Glück — 将棋 🎲', '', '{"a":[1,2]}', null];
    expect(
      columnsOf(
        values.map((v) => [v]),
        1,
      ),
    ).toEqual([values]);
  });

  it('splits records of several values into their columns, long values and short ones', () => {
    const long = 'A long description. '.repeat(20);
    const records: Value[][] = [
      ['id-1', null, long],
      ['id-2', 'Catan', ''],
      [null, '', null],
      ['id-4', 'Glück — 将棋 🎲', `${long}!`],
    ];
    expect(columnsOf(records, 3)).toEqual(transpose(records, 3));
  });

  it('reads a single value, a single null and a single empty string', () => {
    expect(columnsOf([['x']], 1)).toEqual([['x']]);
    expect(columnsOf([[null]], 1)).toEqual([[null]]);
    expect(columnsOf([['']], 1)).toEqual([['']]);
    expect(columnsOf([['', null]], 2)).toEqual([[''], [null]]);
  });

  it('keeps a value made of the mark with other text as text', () => {
    expect(columnsOf([['\u001ea'], ['b\u001e']], 1)).toEqual([['\u001ea', 'b\u001e']]);
  });

  it('counts nulls and marks only real values valid', () => {
    const [vector] = cutRecords(pack([['a'], [null], ['b']]), 3, 1) ?? [];
    expect(vector?.nullCount).toBe(1);
    expect(vector?.isValid(1)).toBe(false);
    expect(vector?.isValid(2)).toBe(true);
  });

  it('reads no records from no bytes, as empty columns', () => {
    expect(cutRecords(new Uint8Array(0), 0, 2)?.map((v) => v.length)).toEqual([0, 0]);
  });

  it('gives no columns when the bytes hold more or fewer values than the records need', () => {
    expect(cutRecords(pack([['a'], ['b'], ['c']]), 2, 1)).toBeUndefined();
    expect(cutRecords(pack([['a'], ['b']]), 3, 1)).toBeUndefined();
    expect(
      cutRecords(
        pack([
          ['a', 'b'],
          ['c', 'd'],
        ]),
        2,
        3,
      ),
    ).toBeUndefined();
    expect(cutRecords(pack([['a']]), 0, 1)).toBeUndefined();
    // a value holding the separator is one value too many
    expect(cutRecords(pack([['a\u001fb', 'c']]), 1, 2)).toBeUndefined();
  });

  it('cuts in steps that a caller can spread over turns, to the same vectors as in one call', () => {
    // 20,000 records of two values, ~1.3 MB: more than one step of each pass
    const records = Array.from({ length: 20_000 }, (_, i) => [
      i % 7 === 0 ? null : `game ${i} ${'x'.repeat(i % 50)}`,
      `{"poll":[${i},${i + 1}]}`,
    ]);
    const bytes = pack(records);
    expect(bytes.length).toBeGreaterThan(1 << 20);
    const steps = cutRecordsSteps(bytes, records.length, 2);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    // one yield after the first MiB scanned, one per 8,192 records copied after the first
    expect(yields).toBe(1 + 2);
    const stepped = next.value?.map((vector) => [...vector].map((v) => (v === null ? null : String(v))));
    expect(stepped).toEqual(transpose(records, 2));
    // few records of many bytes (a poll's JSON can be kilobytes): steps by the bytes copied
    const large = Array.from({ length: 100 }, (_, i) => [`{"votes":${i},"text":"${'x'.repeat(40_000)}"}`]);
    const largeSteps = cutRecordsSteps(pack(large), large.length, 1);
    let largeYields = 0;
    let largeNext = largeSteps.next();
    for (; !largeNext.done; largeNext = largeSteps.next()) largeYields++;
    // ~4 MB: three yields scanning it, three copying it (one per 27 records of ~40 kB)
    expect(largeYields).toBe(6);
    expect(largeNext.value?.[0].get(99)).toBe(large[99][0]);
  });
});
