// One award file (jahrgang, bgg_id, url, winner, nominated, recommended, sonderpreis) →
// the results it states, per BGG id. A row is one game in one award year: won when
// `winner` is 1, else nominated, else recommended (the jury's lists nest: a winner is also
// counted as nominated and recommended); a special prize (`sonderpreis`) is that prize, won,
// with the prize's name as its category (in the files it comes on a row with no flag; a
// row with both states both results). docs/import-bgg-awards.md.

import type { AwardResult } from '../../../engine/index.js';
import type { Skips } from '../skips.js';
import { columnsOf, openCsvTable, wholeNumber } from '../csv-table.js';
import type { AwardDefinition } from './awards.js';

export interface AwardEntry {
  award: string;
  year: number;
  result: AwardResult;
  category?: string;
}

/** Higher is further in the jury's process: a repeated row keeps the highest. */
const RANK: Record<AwardResult, number> = { recommended: 0, nominated: 1, shortlisted: 2, won: 3 };

export const REQUIRED_COLUMNS = ['jahrgang', 'bgg_id', 'winner', 'nominated', 'recommended', 'sonderpreis'] as const;

export const SKIP = {
  noId: 'row no BGG id (a positive whole number in bgg_id)',
  noYear: 'row no award year (jahrgang, a whole number from 1900 to 2100)',
  badFlag: 'row winner, nominated or recommended is not 0 or 1',
  noResult: 'row states no result (winner, nominated and recommended all 0, no sonderpreis)',
  longCategory: 'row sonderpreis longer than 200 characters',
  twice: 'row repeats a game already listed for that award year (the higher result is kept)',
} as const;

export type ReadAwardFile =
  | { ok: true; rows: number; entries: Map<number, AwardEntry[]> }
  | { ok: false; reason: string };

/** Reads one file; bad rows are skipped (and counted in `skips`), a bad header rejects the file. */
export async function readAwardFile(path: string, award: AwardDefinition, skips: Skips): Promise<ReadAwardFile> {
  const table = await openCsvTable(path);
  const { index, missing } = columnsOf(table.header, REQUIRED_COLUMNS);
  if (missing.length > 0) {
    await table.close();
    return { ok: false, reason: `not an award file: the header lacks ${missing.join(', ')}` };
  }
  const col = (fields: string[], name: (typeof REQUIRED_COLUMNS)[number]) => fields[index.get(name) ?? -1];
  const byKey = new Map<string, AwardEntry>();
  let rows = 0;
  try {
    for await (const { line, fields } of table.records) {
      rows++;
      const where = `${path}:${line}`;
      const bggId = wholeNumber(col(fields, 'bgg_id'), 1);
      if (bggId === undefined) {
        skips.add(SKIP.noId, where);
        continue;
      }
      const year = wholeNumber(col(fields, 'jahrgang'), 1900);
      if (year === undefined || year > 2100) {
        skips.add(SKIP.noYear, where);
        continue;
      }
      const flags = (['winner', 'nominated', 'recommended'] as const).map((name) => flag(col(fields, name)));
      if (flags.some((f) => f === undefined)) {
        skips.add(SKIP.badFlag, where);
        continue;
      }
      const [winner, nominated, recommended] = flags;
      const prize = (col(fields, 'sonderpreis') ?? '').trim();
      if (prize.length > 200) {
        skips.add(SKIP.longCategory, where);
        continue;
      }
      const stated: AwardEntry[] = [];
      const main: AwardResult | undefined = winner
        ? 'won'
        : nominated
          ? 'nominated'
          : recommended
            ? 'recommended'
            : undefined;
      if (main) stated.push({ award: award.slug, year, result: main });
      if (prize !== '') stated.push({ award: award.slug, year, result: 'won', category: prize });
      if (stated.length === 0) {
        skips.add(SKIP.noResult, where);
        continue;
      }
      let repeated = false;
      for (const e of stated) {
        // One main result per game and year (the highest stated), and each prize once.
        const key = `${bggId}|${e.year}|${e.category ?? ''}`;
        const earlier = byKey.get(key);
        if (earlier) repeated = true;
        if (!earlier || RANK[e.result] > RANK[earlier.result]) byKey.set(key, e);
      }
      if (repeated) skips.add(SKIP.twice, where);
    }
  } catch (error) {
    // The splitter's only error: the file ends inside a quoted field. Nothing of the file is kept.
    return { ok: false, reason: `not read: ${(error as Error).message}` };
  }
  const entries = new Map<number, AwardEntry[]>();
  for (const [key, entry] of byKey) {
    const bggId = Number(key.slice(0, key.indexOf('|')));
    entries.set(bggId, [...(entries.get(bggId) ?? []), entry]);
  }
  return { ok: true, rows, entries };
}

function flag(text: string | undefined): boolean | undefined {
  const t = (text ?? '').trim();
  return t === '1' ? true : t === '0' ? false : undefined;
}
