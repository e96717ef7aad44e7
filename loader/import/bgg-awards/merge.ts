// A stored game's awards with a file's results applied. The files are the jury's record:
// for each award and year a file lists a game in, its results replace what the store says
// about that game, award and year; everything else the game has (other awards, other years)
// stays, in its order. The file's results follow, by award, year, then category, so the
// same files always give the same list and a re-run changes nothing.

import type { CatalogObject } from '../amend-games.js';
import type { AwardEntry } from './read.js';

export function mergeAwards(stored: CatalogObject, entries: readonly AwardEntry[]): CatalogObject {
  const covered = new Set(entries.map((e) => `${e.award}|${e.year}`));
  const kept = (Array.isArray(stored.awards) ? (stored.awards as AwardEntry[]) : []).filter(
    (a) => !covered.has(`${a.award}|${a.year}`),
  );
  const added = [...entries].sort(
    (a, b) => compare(a.award, b.award) || a.year - b.year || compare(a.category ?? '', b.category ?? ''),
  );
  return { ...stored, awards: [...kept, ...added] };
}

/** Results of `entries` the stored game did not have (for the report). */
export function newResults(stored: CatalogObject, entries: readonly AwardEntry[]): number {
  const key = (a: AwardEntry) => `${a.award}|${a.year}|${a.result}|${a.category ?? ''}`;
  const had = new Set((Array.isArray(stored.awards) ? (stored.awards as AwardEntry[]) : []).map(key));
  return entries.filter((e) => !had.has(key(e))).length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
