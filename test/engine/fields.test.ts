// The Game field registry is well formed, and the engine follows it: the games table holds
// its number then string columns in registry order, and a record lists its JSON fields in
// JSON order. (What the server derives from it: test/server/game-fields.test.ts.)

import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { GAME_FIELDS, GAME_JSON_FIELDS, GAME_STATS_FIELDS } from '../../engine/fields.js';
import { GAME_LIST_COLUMNS, GAME_NUMBER_COLUMNS, GAME_STRING_COLUMNS } from '../../engine/input.js';
import { compileRecord } from '../../engine/record-builder.js';
import { randomCatalog } from './random-catalog.js';

describe('the Game field registry', () => {
  it('names each field once, as a snake_case identifier (names go into SQL and generated code)', () => {
    const names = GAME_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('gives every enum its values, and nothing else any', () => {
    for (const field of GAME_FIELDS) {
      if (field.kind === 'enum') expect(field.values.length, field.name).toBeGreaterThan(0);
      else expect('values' in field, field.name).toBe(false);
    }
  });

  it('orders the JSON and the stats embed by position, each field once', () => {
    expect(GAME_JSON_FIELDS.map((f) => f.json)).toEqual(GAME_JSON_FIELDS.map((_, i) => i));
    expect(GAME_STATS_FIELDS.map((f) => f.stats)).toEqual(GAME_STATS_FIELDS.map((_, i) => i));
    expect(GAME_JSON_FIELDS).toHaveLength(GAME_FIELDS.filter((f) => 'json' in f).length);
    // The stats embed copies Game members: each of its fields is a JSON field.
    for (const field of GAME_STATS_FIELDS) expect(GAME_JSON_FIELDS).toContain(field);
  });

  it('keeps engine-only fields out of the JSON, and only those', () => {
    const hidden = GAME_FIELDS.filter((f) => !('json' in f)).map((f) => f.name);
    expect(hidden.every((name) => name === 'trending_score' || name.startsWith('experience_'))).toBe(true);
  });
});

describe('the engine by the registry', () => {
  const { input } = randomCatalog(11, { games: 40 });
  const dataset = buildDataset(input);

  it('lays the games table out as the number columns, then the string columns', () => {
    expect(input.games.schema.fields.map((f) => f.name)).toEqual([...GAME_NUMBER_COLUMNS, ...GAME_STRING_COLUMNS]);
    expect(Object.keys(input.lists).sort()).toEqual([...GAME_LIST_COLUMNS].sort());
  });

  it('lists a record’s members in JSON order', () => {
    for (let row = 0; row < dataset.size; row++) {
      expect(Object.keys(dataset.game(row))).toEqual(GAME_JSON_FIELDS.map((f) => f.name));
    }
  });

  it('compiles records from plain member names only', () => {
    const build = compileRecord<{ a: number; b_2: string }>(['a', 'b_2'], [(row) => row * 2, (row) => `r${row}`]);
    expect(build(3)).toEqual({ a: 6, b_2: 'r3' });
    expect(Object.keys(build(1))).toEqual(['a', 'b_2']);
    for (const name of ['__proto__', 'a"', 'get x() {}', 'A', ''])
      expect(() => compileRecord([name], [() => 1]), name).toThrow(RangeError);
    expect(() => compileRecord(['a'], [])).toThrow(RangeError);
  });
});
