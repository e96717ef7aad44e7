// The polls step writes only poll rows (bgg-polls/stored-polls.ts) instead of rewriting
// whole games through the catalog import (amend-games.ts). Both must leave the store in
// the same state and count the same games: here the importer is run against a reference
// that amends the same games through amendStoredGames, on a store with every case the
// merge has (no statistics yet, a newer stored poll, a stated summary given way to an
// equal poll, equal polls and nothing else, polls the files lack).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { amendStoredGames } from '../../loader/import/amend-games.js';
import { importBggPolls, pollTargets } from '../../loader/import/bgg-polls.js';
import { convertPolls, mergePolls, type PollCounts } from '../../loader/import/bgg-polls/merge.js';
import { readPollFile, type GamePolls } from '../../loader/import/bgg-polls/read.js';
import { Skips } from '../../loader/import/skips.js';
import type { Store } from '../../loader/store.js';
import { tempDirs } from '../helpers/temp.js';
import { dumpTables, emptyStore, game, jsonl, load, NOW, stats } from '../loader/catalog-helpers.js';
import { pollGameId, pollGames } from './bgg-polls-games.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/bgg-polls', import.meta.url));
const tempDir = tempDirs('ludex-bgg-polls-narrow-');

async function seeded(): Promise<Store> {
  const store = await emptyStore();
  await load(
    store,
    jsonl(
      ...pollGames(),
      // The file's language poll equals the stored one: only the stated language dependence gives way.
      game('azul', {
        id: pollGameId(5),
        legacy_id: 230802,
        stats: stats(7.8, 50, {
          community_suggested_age: 8,
          language_dependence: 'no_text',
          language_poll: [{ level: 'no_text', vote_count: 9 }],
          weight: 1.8,
          weight_votes: 40,
        }),
      }),
      // Equal polls and no summary: unchanged.
      game('root', {
        id: pollGameId(6),
        legacy_id: 237182,
        stats: stats(8, 30, { language_poll: [{ level: 'some_text', vote_count: 2 }] }),
      }),
    ),
  );
  return store;
}

function files(): string[] {
  const dir = tempDir();
  const language = join(dir, 'language_dependence.csv');
  writeFileSync(
    language,
    'bgg_id,votes_level1_no_text,votes_level2_some_text,votes_level3_moderate_text,votes_level4_extensive_text,votes_level5_unplayable\n' +
      '230802,9,0,0,0,0\n237182,0,2,0,0,0\n',
  );
  return [FIXTURES, language];
}

/** The polls step as it was: every target game rewritten through the catalog import. */
async function reference(store: Store, paths: string[]) {
  const skips = new Skips();
  const games = new Map<number, GamePolls>();
  for (const path of paths.flatMap((p) =>
    p === FIXTURES
      ? ['language_dependence.csv', 'suggested_numplayers.csv', 'suggested_playerage.csv'].map((f) => join(p, f))
      : [p],
  ))
    await readPollFile(path, games, skips);
  const targets = await pollTargets(store, games, skips);
  const written: PollCounts = { playerCount: 0, playerAge: 0, language: 0 };
  const result = await amendStoredGames(
    store,
    [...targets.keys()],
    (stored, id) => {
      const t = targets.get(id);
      return t ? mergePolls(stored, convertPolls(t.polls, skips, t.bggId), skips, t.bggId, written) : stored;
    },
    { now: NOW },
  );
  return { updated: result.updated, unchanged: result.unchanged, written, skipped: skips.list() };
}

/** Every table but the settings, whose data version is a fresh uuid per write. */
async function tables(store: Store) {
  const { store_settings: _settings, ...rest } = await dumpTables(store);
  return rest;
}

const dataVersion = async (store: Store) =>
  (await store.all<{ value: string }>(`SELECT value FROM store_settings WHERE key = 'data_version'`))[0]?.value;

describe('import bgg-polls writes only polls', () => {
  it('leaves the store as the catalog rewrite of whole games did, with the same counts', async () => {
    const paths = files();
    const narrow = await seeded();
    const whole = await seeded();
    const versionBefore = await dataVersion(narrow);

    const report = await importBggPolls(narrow, paths, { refresh: async () => {}, now: NOW });
    const expected = await reference(whole, paths);

    expect(await tables(narrow)).toEqual(await tables(whole));
    // catan, seven-wonders, agricola (polls), azul (summaries); carcassonne (newer poll) and root (equal) unchanged.
    expect(expected).toMatchObject({ updated: 4, unchanged: 2 });
    expect({ updated: report.updated, unchanged: report.unchanged }).toEqual({
      updated: expected.updated,
      unchanged: expected.unchanged,
    });
    expect(report.records).toEqual({ 'player count poll': 2, 'age poll': 1, 'language poll': 2 });
    // The same skips, with the same examples in the same order (games are merged in the same order).
    expect(report.skipped).toEqual(expected.skipped);
    expect(report.skipped.length).toBeGreaterThan(3);
    // A write makes the column file stale, as a catalog import does.
    expect(await dataVersion(narrow)).not.toBe(versionBefore);

    // Azul: the stated language dependence gives way to the poll; its age and other statistics stay.
    const [azul] = await narrow.all<Record<string, unknown>>(
      `SELECT s.community_suggested_age, s.language_dependence, s.weight, s.rating_votes
       FROM baseline_stats s JOIN games g ON g.id = s.game_id WHERE g.slug = 'azul'`,
    );
    expect(azul).toEqual({ community_suggested_age: 8, language_dependence: null, weight: 1.8, rating_votes: 50 });
  });

  it('writes nothing, not even a new data version, when run again', async () => {
    const paths = files();
    const store = await seeded();
    await importBggPolls(store, paths, { refresh: async () => {}, now: NOW });
    const before = await dumpTables(store);
    const again = await importBggPolls(store, paths, { refresh: async () => {}, now: NOW });
    expect(again).toMatchObject({ updated: 0, unchanged: 6, records: {} });
    expect(await dumpTables(store)).toEqual(before);
  });
});
