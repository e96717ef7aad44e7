// The CSV splitting under the BGG importer, on small inline strings: quoting, embedded
// separators and quotes, CRLF, the byte order mark, decimal commas, lists.

import { describe, expect, it } from 'vitest';
import {
  csvRecords,
  parseDecimal,
  parseInteger,
  parseList,
  splitCsvRecord,
} from '../../loader/import/bgg-csv/split.js';
import { detectLayout, readRow } from '../../loader/import/bgg-csv/layouts.js';

async function* from(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

async function collect(lines: string[], separator: string) {
  const out = [];
  for await (const r of csvRecords(from(lines), separator)) out.push(r);
  return out;
}

describe('splitCsvRecord', () => {
  it('splits plain and quoted fields', () => {
    expect(splitCsvRecord('224517,"Brass: Birmingham",2018', ',')).toEqual(['224517', 'Brass: Birmingham', '2018']);
  });
  it('keeps separators and doubled quotes inside quotes', () => {
    expect(splitCsvRecord('1,"Go, Fish ""Deluxe""",,x', ',')).toEqual(['1', 'Go, Fish "Deluxe"', '', 'x']);
  });
  it('keeps empty fields, leading and trailing', () => {
    expect(splitCsvRecord(',a,', ',')).toEqual(['', 'a', '']);
    expect(splitCsvRecord('', ',')).toEqual(['']);
  });
  it('uses the given separator; commas are plain text then', () => {
    expect(splitCsvRecord('174430;Gloomhaven;8,79;Dice Rolling, Hand Management', ';')).toEqual([
      '174430',
      'Gloomhaven',
      '8,79',
      'Dice Rolling, Hand Management',
    ]);
  });
  it('reports a record that ends inside quotes', () => {
    expect(splitCsvRecord('1,"open', ',')).toBeUndefined();
  });
});

describe('csvRecords', () => {
  it('drops the BOM and a trailing CR, numbers lines, skips blank lines', async () => {
    const records = await collect(['\uFEFFID;Name\r', '1;A\r', '', '2;B'], ';');
    expect(records).toEqual([
      { line: 1, fields: ['ID', 'Name'] },
      { line: 2, fields: ['1', 'A'] },
      { line: 4, fields: ['2', 'B'] },
    ]);
  });
  it('joins a quoted field broken across lines', async () => {
    expect(await collect(['1,"two', 'lines",x', '2,y,z'], ',')).toEqual([
      { line: 1, fields: ['1', 'two\nlines', 'x'] },
      { line: 3, fields: ['2', 'y', 'z'] },
    ]);
  });
  it('fails on a file that ends inside quotes', async () => {
    await expect(collect(['1,"never closed'], ',')).rejects.toThrow(/line 1/);
  });
});

describe('numbers and lists', () => {
  it('reads decimal commas and points', () => {
    expect(parseDecimal('8,79')).toBe(8.79);
    expect(parseDecimal('8.57018')).toBe(8.57018);
    expect(parseDecimal('')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });
  it('reads integers, negative years included', () => {
    expect(parseInteger('-3500')).toBe(-3500);
    expect(parseInteger(' 42 ')).toBe(42);
    expect(parseInteger('')).toBeUndefined();
    expect(parseInteger('4.5')).toBeUndefined();
  });
  it('splits comma+space lists', () => {
    expect(parseList('Dice Rolling, Hand Management')).toEqual(['Dice Rolling', 'Hand Management']);
    expect(parseList('')).toEqual([]);
  });
});

describe('layouts', () => {
  const ranks = detectLayout('id,name,yearpublished,rank,bayesaverage,average,usersrated,is_expansion,abstracts_rank');
  const dataset = detectLayout(
    'ID;Name;YearPublished;MinPlayers;MaxPlayers;PlayTime;MinAge;UsersRated;RatingAverage;BGGRank;ComplexityAverage;OwnedUsers;Mechanics;Domains',
  );

  it('recognises both headers and nothing else', () => {
    expect(ranks?.name).toBe('boardgames_ranks');
    expect(dataset?.name).toBe('bgg_dataset');
    expect(detectLayout('ID,Name,Year,Rank,Average')).toBeUndefined();
  });
  it('turns year 0, no votes and weight 0 into absent values', () => {
    if (!ranks || !dataset) throw new Error('layouts not detected');
    expect(readRow(ranks, ['5', 'X', '0', '0', '0', '0', '0', '1'])).toEqual({
      ok: true,
      game: {
        bggId: 5,
        name: 'X',
        year: undefined,
        mechanics: [],
        // The dump has no Domains column, and a game BGG leaves unranked has no geek rating.
        domains: [],
        isExpansion: true,
        rating: undefined,
        geek: undefined,
        ranked: false,
      },
    });
    const row = readRow(dataset, ['7', 'Y', '2001', '0', '4', '0', '10', '30', '6,5', '100', '0', '', 'A, B', '']);
    expect(row).toMatchObject({
      ok: true,
      game: {
        bggId: 7,
        year: 2001,
        maxPlayers: 4,
        minAge: 10,
        rating: { average: 6.5, votes: 30 },
        mechanics: ['A', 'B'],
      },
    });
    if (row.ok) {
      expect(row.game.minPlayers).toBeUndefined();
      expect(row.game.weight).toBeUndefined();
      expect(row.game.owned).toBeUndefined();
    }
  });
  it("reads BGG's rank as ranked (> 0), unranked (0) or unknown (empty)", () => {
    if (!ranks || !dataset) throw new Error('layouts not detected');
    const rankOf = (rank: string) => {
      const row = readRow(ranks, ['9', 'R', '2020', rank, '7.1', '7.5', '5000', '0']);
      return row.ok ? row.game.ranked : 'rejected';
    };
    expect([rankOf('12'), rankOf('0'), rankOf('')]).toEqual([true, false, undefined]);
    const datasetRow = readRow(dataset, [
      '7',
      'Y',
      '2001',
      '2',
      '4',
      '60',
      '10',
      '30',
      '6,5',
      '140',
      '2,1',
      '100',
      '',
      '',
    ]);
    expect(datasetRow.ok && datasetRow.game.ranked).toBe(true);
  });
  it('rejects a row without an id', () => {
    if (!dataset) throw new Error('layout not detected');
    expect(readRow(dataset, ['', 'Z'])).toEqual({ ok: false, reason: 'no BGG id' });
  });
});
