// `ludex import bgg-polls`: BGG's community polls from the 2022 poll files
// (suggested_numplayers.csv, suggested_playerage.csv, language_dependence.csv) → the
// baseline polls of the games the store holds under those BGG ids, converted as the XML
// importer converts them (bgg-xml/polls.ts) and written the same way, through the catalog
// import's rules (bgg-polls/stored-polls.ts writes only the poll rows). The aggregate refresh then derives top_player_counts, recommended_player_counts,
// community_suggested_age and language_dependence from them (§8.5, SPEC-NOTES D50). Every
// file is read and checked first, so bad input never leaves half an import; then the
// changed games' polls are written, 10,000 games per transaction (stored-polls.ts). Games are never created: a BGG id the store
// does not hold is reported. docs/import-bgg-polls.md describes the mapping.

import { gameIdsByBggId } from './amend-games.js';
import { convertPolls, mergePolls, type PollCounts } from './bgg-polls/merge.js';
import { readPollFile, type GamePolls } from './bgg-polls/read.js';
import { amendStoredPolls } from './bgg-polls/stored-polls.js';
import { listFiles } from './files.js';
import { emptyForeignReport, refreshingOnce, type ForeignImporter } from './report.js';
import { Skips } from './skips.js';
import type { Store } from '../store.js';

export const NOT_STORED = 'game with polls whose BGG id the store does not hold (import bgg-csv or bgg-xml first)';

/** A game the polls are for: its BGG id and polls, by the store's game id. */
export type PollTargets = Map<string, { bggId: number; polls: GamePolls }>;

/** The polls read, by the store's game id; a BGG id the store does not hold is a skip. */
export async function pollTargets(
  store: Store,
  games: ReadonlyMap<number, GamePolls>,
  skips: Skips,
): Promise<PollTargets> {
  const ids = await gameIdsByBggId(store);
  const targets: PollTargets = new Map();
  for (const [bggId, polls] of games) {
    const id = ids.get(bggId);
    if (id === undefined) skips.add(NOT_STORED, `BGG id ${bggId}`);
    else targets.set(id, { bggId, polls });
  }
  return targets;
}

/** Folders are walked for .csv files; each file's header tells its layout. */
const CSV_FILE = /\.csv$/i;

export const importBggPolls: ForeignImporter = refreshingOnce(async (store, paths, options) => {
  const { files, unreadable } = await listFiles(paths, CSV_FILE);
  const report = emptyForeignReport(files.length + unreadable.length, unreadable, 0);
  const skips = new Skips();
  const games = new Map<number, GamePolls>();
  for (const [index, file] of files.entries()) {
    const read = await readPollFile(file, games, skips);
    if (!read.ok) {
      report.rejectedFiles.push({ path: file, reason: read.reason });
      continue;
    }
    report.rows = (report.rows ?? 0) + read.rows;
    options.onProgress?.(`${index + 1}/${files.length} files, ${read.rows.toLocaleString('en-US')} rows from ${file}`);
  }

  const targets = await pollTargets(store, games, skips);
  games.clear();

  const written: PollCounts = { playerCount: 0, playerAge: 0, language: 0 };
  const result = await amendStoredPolls(
    store,
    [...targets.keys()],
    (stored, id) => {
      const target = targets.get(id);
      if (!target) return stored;
      const converted = convertPolls(target.polls, skips, target.bggId);
      return mergePolls(stored, converted, skips, target.bggId, written);
    },
    { onProgress: options.onProgress },
  );
  report.updated = result.updated;
  report.unchanged = result.unchanged;
  const labels: [keyof PollCounts, string][] = [
    ['playerCount', 'player count poll'],
    ['playerAge', 'age poll'],
    ['language', 'language poll'],
  ];
  for (const [kind, label] of labels) if (written[kind] > 0) report.records[label] = written[kind];
  report.skipped = skips.list();
  return report;
});
