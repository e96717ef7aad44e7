// import bgg-polls on small fixture files (test/fixtures/bgg-polls): the XML importer's
// conversion of each poll, the derived fields served (top / recommended player counts,
// community_suggested_age and language_dependence by D50), newer polls kept, polls the
// files lack left alone, bad rows and files reported, idempotence.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBggPolls, NOT_STORED } from '../../loader/import/bgg-polls.js';
import { KEPT_NEWER_POLL, NO_VOTES } from '../../loader/import/bgg-polls/merge.js';
import { SKIP } from '../../loader/import/bgg-polls/read.js';
import type { ForeignImportReport } from '../../loader/import/report.js';
import type { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { call } from '../helpers/app.js';
import { storeApp } from '../helpers/store-app.js';
import { tempDirs } from '../helpers/temp.js';
import { dumpTables, emptyStore, jsonl, load, NOW } from '../loader/catalog-helpers.js';
import { pollGames } from './bgg-polls-games.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/bgg-polls', import.meta.url));
const tempDir = tempDirs('ludex-bgg-polls-');

async function seeded(): Promise<Store> {
  const store = await emptyStore();
  await load(store, jsonl(...pollGames()));
  return store;
}

const run = (store: Store, paths: string[]) => importBggPolls(store, paths, { refresh: aggregateRefresh(), now: NOW });

function skipped(report: ForeignImportReport, reason: string): number {
  return report.skipped.find((s) => s.reason === reason)?.count ?? 0;
}

async function served(store: Store, slug: string) {
  const reply = await call(await storeApp(store), `/v1/games/${slug}`);
  expect(reply.status).toBe(200);
  const g = reply.body as Record<string, unknown>;
  return {
    top: g.top_player_counts,
    recommended: g.recommended_player_counts,
    age: g.community_suggested_age,
    language: g.language_dependence,
  };
}

async function ratings(store: Store, slug: string) {
  return store.all<{ player_count: number; average_rating: number; rating_count: number }>(
    `SELECT x.player_count, x.average_rating, x.rating_count FROM baseline_player_count_ratings x
     JOIN games g ON g.id = x.game_id WHERE g.slug = ? ORDER BY x.player_count`,
    [slug],
  );
}

describe('import bgg-polls', () => {
  it('converts each poll as the XML importer does and serves what D50 and §8.5 derive from it', async () => {
    const store = await seeded();
    const report = await run(store, [FIXTURES]);
    // Carcassonne is left as it was: its stored player-count poll is newer, its age poll has no votes.
    expect(report).toMatchObject({ files: 3, rows: 18, created: 0, updated: 3, unchanged: 1, rejectedFiles: [] });
    expect(report.records).toEqual({ 'player count poll': 2, 'age poll': 1, 'language poll': 2 });

    // Best 5, Recommended 3.5, Not Recommended 1.5; "4+" is 5 players (no row of its own).
    expect(await ratings(store, 'catan')).toEqual([
      { player_count: 1, average_rating: 1.5, rating_count: 20 },
      { player_count: 2, average_rating: 2.5, rating_count: 20 },
      { player_count: 3, average_rating: 3.875, rating_count: 20 },
      { player_count: 4, average_rating: 4.7, rating_count: 20 },
      { player_count: 5, average_rating: 1.7, rating_count: 20 },
    ]);
    // Ages 6:1 8:2 10:2 12:3 14:1 21+:1 → half of 10 votes is reached at 10 (the stated 6 gives way);
    // some_text and moderate_text tie at 4 votes → the more text-dependent.
    expect(await served(store, 'catan')).toEqual({
      top: [4],
      recommended: [3, 4],
      age: 10,
      language: 'moderate_text',
    });
    // 7 Wonders: of three rows for 3 players only the first valid one counts (4 Best, 1 Recommended).
    expect(await ratings(store, 'seven-wonders')).toEqual([{ player_count: 3, average_rating: 4.7, rating_count: 5 }]);
    expect(await served(store, 'seven-wonders')).toMatchObject({ top: [3], recommended: [3] });
    // Agricola is listed twice in the language file: the first row counts.
    expect(await served(store, 'agricola')).toMatchObject({ language: 'no_text' });

    expect(skipped(report, SKIP.badCount)).toBe(1);
    expect(skipped(report, SKIP.badVotes)).toBe(1);
    expect(skipped(report, SKIP.countTwice)).toBe(1);
    expect(skipped(report, SKIP.gameTwice)).toBe(1);
    expect(skipped(report, SKIP.noId)).toBe(1);
    expect(skipped(report, NOT_STORED)).toBe(1);
    expect(report.skipped.find((s) => s.reason === NO_VOTES)?.examples).toEqual(['suggested_playerage: BGG id 822']);
  });

  it('keeps a stored poll with more votes (newer) and every poll the files do not have', async () => {
    const store = await seeded();
    const report = await run(store, [FIXTURES]);
    // Carcassonne: stored 100 votes for 2 players against the file's 10.
    expect(report.skipped.find((s) => s.reason === KEPT_NEWER_POLL)).toMatchObject({
      count: 1,
      examples: ['suggested_numplayers: BGG id 822: stored 100 votes, file 10'],
    });
    expect(await ratings(store, 'carcassonne')).toEqual([{ player_count: 2, average_rating: 4.5, rating_count: 100 }]);
    // Its language poll is in no file: it stays, and so does its rating.
    expect(await served(store, 'carcassonne')).toMatchObject({ top: [2], language: 'no_text' });
    const [row] = await store.all<{ rating: number; rating_votes: number }>(
      `SELECT rating, rating_votes FROM games WHERE slug = 'carcassonne'`,
    );
    expect(row).toEqual({ rating: 7.4, rating_votes: 200 });
  });

  it('changes nothing when run again', async () => {
    const store = await seeded();
    await run(store, [FIXTURES]);
    const before = await dumpTables(store);
    const again = await run(store, [FIXTURES]);
    expect(again).toMatchObject({ updated: 0, unchanged: 4, records: {} });
    expect(await dumpTables(store)).toEqual(before);
  });

  it('rejects files of no known layout and writes nothing from them', async () => {
    const store = await seeded();
    const dir = tempDir();
    const other = join(dir, 'suggested_numplayers.csv');
    writeFileSync(other, 'bgg_id,numplayers,best\n13,3,10\n');
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const before = await dumpTables(store);
    const report = await run(store, [other, empty, join(dir, 'absent.csv')]);
    expect(report.files).toBe(3);
    // Paths that cannot be read are listed first, then the files in the order read.
    expect(report.rejectedFiles).toEqual([
      { path: join(dir, 'absent.csv'), reason: expect.stringMatching(/^cannot read/) },
      { path: other, reason: expect.stringMatching(/^not a BGG poll file/) },
      { path: empty, reason: expect.stringMatching(/^not a BGG poll file/) },
    ]);
    expect(report.updated).toBe(0);
    expect(await dumpTables(store)).toEqual(before);
  });
});
