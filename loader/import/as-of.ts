// The date a source's data describe (its as-of date, YYYY-MM-DD). Newer wins: an import
// never replaces a game's value with one from a source dated earlier than the stored one
// (docs/import-bgg-folder.md). A BGG dump carries its date in its file name
// (`boardgames_ranks_2025-12-10.csv`); the 2021 dataset is a capture of early 2021; an XML
// capture carries none, so `--as-of` gives it, else the file's modification time.

import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { isCalendarDate } from './bgg-rankings/layouts.js';

/** The 2021 "BGG dataset" (Kaggle andrewmvd/board-games): rank 1 is Gloomhaven, newest year 2022. */
export const BGG_DATASET_AS_OF = '2021-01-01';

/** The date in a dump's file name (`boardgames_ranks_2025-12-10.csv`), if any. */
export function dumpDateOfFileName(path: string): string | undefined {
  const match = /(\d{4}-\d{2}-\d{2})/.exec(basename(path));
  return match && isCalendarDate(match[1]) ? match[1] : undefined;
}

/** A file's modification date (UTC). */
export async function modificationDate(path: string): Promise<string> {
  return (await stat(path)).mtime.toISOString().slice(0, 10);
}

export async function dumpAsOf(path: string, given: string | undefined): Promise<string> {
  return dumpDateOfFileName(path) ?? given ?? (await modificationDate(path));
}

export function datasetAsOf(given: string | undefined): string {
  return given ?? BGG_DATASET_AS_OF;
}

export async function xmlAsOf(path: string, given: string | undefined): Promise<string> {
  return given ?? (await modificationDate(path));
}

/** "2021-01-01" is older than "2025-12-10": ISO dates compare as text. */
export function isOlder(asOf: string, than: string | undefined): boolean {
  return than !== undefined && asOf < than;
}
