// The XML importer after a newer source: absence never erases, older numbers never replace
// newer ones (loader/import/bgg-xml/keep-stored.ts). Real sample files from ../shared/data.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import { KEPT_LATER_DATE, KEPT_NEWER_STATS } from '../../loader/import/bgg-xml/keep-stored.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { emptyStore, jsonl, load } from '../loader/catalog-helpers.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const XML = resolve(REPO, '../shared/data/bgg-xml');
const present = existsSync(XML);
if (!present) console.warn(`SKIPPED: BGG XML keep-stored tests need ${XML} (../shared/data is absent)`);

const NOW = new Date('2026-01-01T00:00:00Z');

/** A store holding Brass: Lancashire with `stats`, then its 2021 XML capture imported (as of 2021-06-01). */
async function brassLancashireUpdated(stats: Record<string, unknown>) {
  const store = await emptyStore();
  await load(
    store,
    jsonl({
      kind: 'game',
      slug: 'brass-lancashire',
      name: 'Brass: Lancashire',
      type: 'base_game',
      legacy_id: 28720,
      stats,
    }),
  );
  const report = await importBggXml(store, [resolve(XML, 'SukiCZ-boardgamegeek/thing_28720_stats.xml')], {
    refresh: aggregateRefresh(),
    now: NOW,
    asOf: '2021-06-01',
  });
  return { store, report };
}

describe.skipIf(!present)('bgg-xml over a store that already has newer data', () => {
  it("keeps the dump's newer vote count and geek rating over a 2016 capture (Pandemic Legacy)", async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl({
        kind: 'game',
        slug: 'pandemic-legacy-season-1',
        name: 'Pandemic Legacy: Season 1',
        type: 'base_game',
        legacy_id: 161936,
        stats: { rating: 8.5, rating_votes: 56_606, bayes_rating: 8.35, rank_overall: 3 },
      }),
    );
    const report = await importBggXml(store, [resolve(XML, 'gca3020-GABoardGameGeek/thing_161936_stats.xml')], {
      refresh: aggregateRefresh(),
      now: NOW,
    });
    expect(report.skipped.find((s) => s.reason === KEPT_NEWER_STATS)?.examples).toEqual([
      expect.stringMatching(/^id 161936: stored 56606 votes, file \d+ of \d{4}-\d{2}-\d{2}$/),
    ]);
    const [g] = await store.all<{ rating_votes: number; bayes_rating: number; min_players: number; mode: string }>(
      "SELECT rating_votes, bayes_rating, min_players, mode FROM games WHERE slug = 'pandemic-legacy-season-1'",
    );
    // The numbers stay; what the dump lacked (players, mode) comes from the file.
    expect(g).toMatchObject({ rating_votes: 56_606, bayes_rating: 8.35, min_players: 2, mode: 'cooperative' });
  });

  it('never nulls what a file lacks: a capture without statistics keeps the stored ones (Tigris & Euphrates)', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl({
        kind: 'game',
        slug: 'tigris-and-euphrates',
        name: 'Tigris & Euphrates',
        type: 'base_game',
        legacy_id: 42,
        stats: { rating: 7.9, rating_votes: 20_000, weight: 3.5 },
      }),
    );
    await importBggXml(store, [resolve(XML, 'ArtWDrahn-boardgamegeekapi.net/thing_42.xml')], {
      refresh: aggregateRefresh(),
      now: NOW,
    });
    const [g] = await store.all<{ rating_votes: number; weight: number; description: string }>(
      "SELECT rating_votes, weight, description FROM games WHERE slug = 'tigris-and-euphrates'",
    );
    expect(g.rating_votes).toBe(20_000);
    expect(g.weight).toBe(3.5);
    expect(g.description).toContain('Glück');
  });

  it("keeps BGG's geek rating and rank when a capture with as many votes or more replaces the rating (Brass: Lancashire)", async () => {
    const { store } = await brassLancashireUpdated({
      rating: 7.9,
      rating_votes: 14_000,
      bayes_rating: 7.7,
      rank_overall: 40,
      as_of: '2020-01-01',
    });
    const [g] = await store.all<{ rating_votes: number; bayes_rating: number; source_rank: number }>(
      `SELECT g.rating_votes, g.bayes_rating, s.source_rank FROM games g JOIN baseline_stats s ON s.game_id = g.id
       WHERE g.slug = 'brass-lancashire'`,
    );
    // The file's 14,342 votes replace the stored 14,000; the dump's geek rating (served, no
    // local votes) and rank stay.
    expect(g).toEqual({ rating_votes: 14_342, bayes_rating: 7.7, source_rank: 40 });
  });

  it('never replaces statistics dated later than the file (--as-of), and says why', async () => {
    const { store, report } = await brassLancashireUpdated({ rating: 7.9, rating_votes: 14_000, as_of: '2025-12-10' });
    expect(report.skipped.find((s) => s.reason === KEPT_LATER_DATE)?.count).toBe(1);
    const [g] = await store.all<{ rating_votes: number; weight: number }>(
      "SELECT rating_votes, weight FROM games WHERE slug = 'brass-lancashire'",
    );
    expect(g.rating_votes).toBe(14_000);
    expect(g.weight).toBeGreaterThan(3); // absent before: filled in from the file
  });
});
