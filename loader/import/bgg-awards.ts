// `ludex import bgg-awards`: the Spiel des Jahres, Kennerspiel des Jahres and Kinderspiel
// des Jahres files (recommend-games/spiel-des-jahres) → GameAward rows of the games the
// store holds under those BGG ids. Every file is read and checked first; then the awards
// (created when the store lacks them) and every changed game are written through the
// catalog import (amend-games.ts: one transaction for up to 10,000 games, and the three
// files name 857), so bad input never leaves half an import. Games are never created: a BGG id
// the store does not hold is reported. docs/import-bgg-awards.md describes the mapping.

import { stat } from 'node:fs/promises';
import { amendStoredGames, gameIdsByBggId, type CatalogObject } from './amend-games.js';
import { AWARD_FILE_NAMES, AWARD_FILE_PATTERN, awardOfFile, type AwardDefinition } from './bgg-awards/awards.js';
import { mergeAwards, newResults } from './bgg-awards/merge.js';
import { readAwardFile, type AwardEntry } from './bgg-awards/read.js';
import { listFiles, type FileList } from './files.js';
import { emptyForeignReport, refreshingOnce, type ForeignImporter } from './report.js';
import { Skips } from './skips.js';

export const NOT_STORED = 'result for a BGG id the store does not hold (import bgg-csv or bgg-xml first)';

export const importBggAwards: ForeignImporter = refreshingOnce(async (store, paths, options) => {
  const now = options.now ?? new Date();
  const { files, unreadable } = await awardFiles(paths);
  const report = emptyForeignReport(files.length + unreadable.length, unreadable, 0);
  const skips = new Skips();
  const byGame = new Map<number, AwardEntry[]>();
  const awards = new Map<string, AwardDefinition>();
  for (const [index, file] of files.entries()) {
    const award = awardOfFile(file);
    if (!award) {
      report.rejectedFiles.push({
        path: file,
        reason: `cannot tell the award from the file name (expected ${AWARD_FILE_NAMES})`,
      });
      continue;
    }
    const read = await readAwardFile(file, award, skips);
    if (!read.ok) {
      report.rejectedFiles.push({ path: file, reason: read.reason });
      continue;
    }
    report.rows = (report.rows ?? 0) + read.rows;
    awards.set(award.slug, award);
    for (const [bggId, entries] of read.entries) byGame.set(bggId, [...(byGame.get(bggId) ?? []), ...entries]);
    options.onProgress?.(`${index + 1}/${files.length} files, ${read.rows} rows from ${file}`);
  }

  const ids = await gameIdsByBggId(store);
  const targets = new Map<string, AwardEntry[]>();
  for (const [bggId, entries] of byGame) {
    const id = ids.get(bggId);
    if (id === undefined) {
      for (const e of entries) skips.add(NOT_STORED, `${e.award} ${e.year}: BGG id ${bggId}`);
      continue;
    }
    targets.set(id, entries);
  }

  const storedAwards = new Set(((await store.columns('SELECT slug FROM awards')).slug ?? []) as string[]);
  const before = [...awards.values()].filter((a) => !storedAwards.has(a.slug) && targets.size > 0);
  let added = 0;
  const result = await amendStoredGames(
    store,
    [...targets.keys()],
    (stored: CatalogObject, id: string) => {
      const entries = targets.get(id) ?? [];
      added += newResults(stored, entries);
      return mergeAwards(stored, entries);
    },
    { now, before, onProgress: options.onProgress },
  );
  report.updated = result.updated;
  report.unchanged = result.unchanged;
  if (result.inserted.award) report.records.award = result.inserted.award;
  if (added > 0) report.records['award result'] = added;
  report.skipped = skips.list();
  return report;
});

/**
 * The files of each path (folders walked for the award file names). A folder that holds
 * none is reported as not imported, so a wrong path does not pass silently.
 */
async function awardFiles(paths: readonly string[]): Promise<FileList> {
  const out: FileList = { files: [], unreadable: [] };
  for (const path of paths) {
    const listed = await listFiles([path], AWARD_FILE_PATTERN);
    out.files.push(...listed.files);
    out.unreadable.push(...listed.unreadable);
    const folder = await stat(path).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (folder && listed.files.length === 0)
      out.unreadable.push({ path, reason: `no award file in this folder (expected ${AWARD_FILE_NAMES})` });
  }
  return out;
}
