import { describe, expect, it } from 'vitest';
import { emptyNumberArrays, makeGamesTable, numberColumn, stringColumn } from '../../engine/columns.js';
import { GAME_STRING_COLUMNS, type GameStringColumn } from '../../engine/input.js';
import { foldText, sortName } from '../../engine/normalize.js';

describe('games table', () => {
  it('round-trips numbers zero-copy with NaN for null, and strings with null', () => {
    const numbers = emptyNumberArrays(2);
    numbers.weight[0] = 3.25;
    const strings = Object.fromEntries(GAME_STRING_COLUMNS.map((c) => [c, [null, null]])) as Record<
      GameStringColumn,
      (string | null)[]
    >;
    strings.id = ['a', 'b'];
    strings.name = ['Brass: Birmingham', null];
    const table = makeGamesTable(numbers, strings);
    const weight = numberColumn(table, 'weight');
    expect(weight[0]).toBe(3.25);
    expect(Number.isNaN(weight[1])).toBe(true);
    expect(weight.buffer).toBe(numbers.weight.buffer);
    expect(stringColumn(table, 'name')).toEqual(['Brass: Birmingham', null]);
  });

  it('refuses columns of different lengths', () => {
    const strings = Object.fromEntries(GAME_STRING_COLUMNS.map((c) => [c, [null]])) as Record<
      GameStringColumn,
      (string | null)[]
    >;
    expect(() => makeGamesTable(emptyNumberArrays(2), strings)).toThrow(/rows, expected 1/);
  });
});

describe('text folding', () => {
  it('folds case, width and diacritics', () => {
    expect(foldText('Çarcassonne')).toBe('carcassonne');
    expect(foldText('ＣＡＴＡＮ')).toBe('catan');
    expect(foldText('Die Siedler von Catan')).toBe('die siedler von catan');
    expect(foldText('ブラス：バーミンガム')).toBe('ブラス:バーミンガム');
    expect(foldText('브라스')).toBe('브라스');
    expect(foldText('Łódź Ærø')).toBe('łodz ærø');
  });

  it('strips a leading English article for the name sort key', () => {
    expect(sortName('The Castles of Burgundy')).toBe('castles of burgundy');
    expect(sortName('A Feast for Odin')).toBe('feast for odin');
    expect(sortName('Azul')).toBe('azul');
    expect(sortName('The')).toBe('the');
  });
});
