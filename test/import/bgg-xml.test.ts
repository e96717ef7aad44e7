// The BGG XML importer against the real sample files in ../shared/data/bgg-xml (test data
// only, never shipped). Every file is imported into one in-memory store; the facts below
// were read from the XML by hand.

import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import { SKIP } from '../../loader/import/bgg-xml/skips.js';
import type { ForeignImportReport } from '../../loader/import/report.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { buildDataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { call, testAppDeps } from '../helpers/app.js';
import { emptyStore, jsonl, load } from '../loader/catalog-helpers.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BGG_XML = resolve(REPO, '../shared/data/bgg-xml');
const present = existsSync(BGG_XML);
if (!present) console.warn(`SKIPPED: BGG XML importer tests need ${BGG_XML} (../shared/data is absent)`);

const NOW = new Date('2025-06-01T12:00:00.000Z');

async function gameByBggId(store: Store, bggId: number) {
  const rows = await store.all<{
    id: string;
    slug: string;
    name: string;
    type: string;
    parent_game_id: string | null;
    language_dependence: string | null;
    top_player_counts: number[] | null;
    recommended_player_counts: number[] | null;
  }>(
    `SELECT g.id, g.slug, g.name, g.type, g.parent_game_id, g.language_dependence, g.top_player_counts,
            g.recommended_player_counts
     FROM games g JOIN external_identifiers e ON e.game_id = g.id WHERE e.source = 'legacy' AND e.external_id = ?`,
    [String(bggId)],
  );
  return rows[0];
}

async function gameTerms(store: Store, gameId: string, kind: string): Promise<string[]> {
  const rows = await store.all<{ slug: string }>(
    `SELECT t.slug FROM game_terms gt JOIN terms t ON t.id = gt.term_id WHERE gt.game_id = ? AND t.kind = ? ORDER BY t.slug`,
    [gameId, kind],
  );
  return rows.map((r) => r.slug);
}

describe.skipIf(!present)('bgg-xml import of every sample file', () => {
  let store: Store;
  let report: ForeignImportReport;
  const file = (rel: string) => join(BGG_XML, rel);

  beforeAll(async () => {
    // Shared by the tests below (emptyStore closes its stores after each test).
    store = await Store.open(':memory:');
    await migrate(store);
    report = await importBggXml(store, [BGG_XML], { refresh: aggregateRefresh(), now: NOW });
  });
  afterAll(async () => {
    await store.close();
  });

  it('reads every file and imports the thing items once each', async () => {
    expect(report.files).toBe(60);
    // 1,171 random games + the single-game fixtures; ids in several files count once.
    expect(report.created).toBe(1192);
    const [{ n }] = await store.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM games');
    expect(n).toBe(1192);
    // Gloomhaven (3 captures), Agricola, Pandemic Legacy…: the last file's copy wins.
    expect(report.skipped.find((s) => s.reason === SKIP.superseded)?.count).toBe(8);
  });

  async function alternateNames(bggId: number) {
    const game = await gameByBggId(store, bggId);
    return store.all<{ name: string; language: string | null }>(
      'SELECT name, language FROM alternate_names WHERE game_id = ? ORDER BY position',
      [game.id],
    );
  }

  it('keeps alternate names in several scripts, without guessing their language (Coup 131357, Score Four 3656)', async () => {
    const coup = await alternateNames(131357);
    expect(coup.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Coup. Переворот', 'Το Κόλπο', 'הפיכה עיר-מדינה', 'クー', 'Światowy Konflikt']),
    );
    expect(coup).toHaveLength(12); // 13 names, one of them primary
    const scoreFour = await alternateNames(3656);
    expect(scoreFour).toHaveLength(46);
    // BGG escapes names twice ("&amp;#039;"); both layers are decoded.
    expect(scoreFour.map((n) => n.name)).toEqual(
      expect.arrayContaining(['多维棋', "Vier op 'n rij 3D uitdaging", 'Cubik-Mühle']),
    );
    expect([...coup, ...scoreFour].every((n) => n.language === null)).toBe(true);
  });

  it('disambiguates games of the same name with the BGG id, and matches them by legacy_id', async () => {
    expect((await gameByBggId(store, 131357)).slug).toBe('coup');
    expect((await gameByBggId(store, 1653)).slug).toBe('coup-1653');
    expect((await gameByBggId(store, 2088)).slug).toBe('coup-2088');
  });

  it('converts the player-count poll to 1–5 ratings per count (Gloomhaven, dremovd capture)', async () => {
    const game = await gameByBggId(store, 174430);
    const rows = await store.all<{ player_count: number; average_rating: number; rating_count: number }>(
      'SELECT player_count, average_rating, rating_count FROM baseline_player_count_ratings WHERE game_id = ? ORDER BY player_count',
      [game.id],
    );
    expect(rows.map((r) => r.player_count)).toEqual([1, 2, 3, 4, 5]);
    // 3 players: Best 796, Recommended 530, Not Recommended 39 → (5·796 + 3.5·530 + 1.5·39) / 1365
    expect(rows[2].rating_count).toBe(1365);
    expect(rows[2].average_rating).toBeCloseTo(5893.5 / 1365, 10);
    // "4+" (more than the box's 4) becomes count 5: Best 6, Recommended 53, Not Recommended 908
    expect(rows[4].rating_count).toBe(967);
    expect(rows[4].average_rating).toBeCloseTo((5 * 6 + 3.5 * 53 + 1.5 * 908) / 967, 10);
    expect(game.top_player_counts).toEqual([3]);
    expect(game.recommended_player_counts).toEqual([1, 2, 3, 4]);
  });

  it('maps the language poll by position, not by its global level ids (Gloomhaven: levels 76–80)', async () => {
    const game = await gameByBggId(store, 174430);
    const poll = await store.all<{ level: string; vote_count: number }>(
      'SELECT level, vote_count FROM baseline_language_poll WHERE game_id = ? ORDER BY vote_count DESC',
      [game.id],
    );
    expect(poll[0]).toEqual({ level: 'extensive_text', vote_count: 47 });
    expect(poll[1]).toEqual({ level: 'unplayable_without_text', vote_count: 20 });
    expect(game.language_dependence).toBe('extensive_text');
  });

  it("keeps BGG's Not Ranked: a deluxe edition is rated but never ranked (Solar Storm: Deluxe Edition 314019; Coup 131357 ranked)", async () => {
    const flags = await store.all<{ legacy: string; rating_votes: number; unranked: boolean }>(
      `SELECT e.external_id AS legacy, s.rating_votes, s.unranked FROM baseline_stats s
       JOIN external_identifiers e ON e.game_id = s.game_id AND e.source = 'legacy'
       WHERE e.external_id IN ('314019', '131357') ORDER BY e.external_id`,
    );
    expect(flags).toEqual([
      { legacy: '131357', rating_votes: 23800, unranked: false },
      { legacy: '314019', rating_votes: 108, unranked: true },
    ]);
  });

  it('types the accessory as an accessory (Descent conversion kit, 104163)', async () => {
    expect((await gameByBggId(store, 104163)).type).toBe('accessory');
  });

  it('keeps an expansion whose base is absent, without a parent, and says why (Rise of Fenris → Scythe)', async () => {
    const fenris = await gameByBggId(store, 242277);
    expect(fenris.type).toBe('expansion');
    expect(fenris.parent_game_id).toBeNull();
    const skipped = report.skipped.find((s) => s.reason === SKIP.noParent);
    expect(skipped?.examples).toContain('id 242277 → base 169786');
  });

  it('imports relationships whose two ends are both present (Hijara reimplements Score Four)', async () => {
    const rows = await store.all<{ src: string; tgt: string; relationship_type: string }>(
      `SELECT s.slug AS src, t.slug AS tgt, r.relationship_type FROM relationships r
       JOIN games s ON s.id = r.source_game_id JOIN games t ON t.id = r.target_game_id ORDER BY 1, 2`,
    );
    expect(rows).toContainEqual({ src: 'hijara', tgt: 'score-four', relationship_type: 'reimplements' });
  });

  it('keeps unmapped BGG mechanics as terms of their own, next to the mapped ones', async () => {
    const game = await gameByBggId(store, 174430);
    const mechanics = await gameTerms(store, game.id, 'mechanic');
    expect(mechanics).toEqual(expect.arrayContaining(['line-of-sight', 'multi-use-cards', 'tags', 'hand-management']));
    const [tags] = await store.all<{ name: string }>(
      "SELECT name FROM terms WHERE kind = 'mechanic' AND slug = 'tags'",
    );
    expect(tags.name).toBe('Tags');
  });

  it('leaves no character reference in any imported text (entities decoded by the entities package)', async () => {
    const texts = await store.all<{ what: string; text: string }>(
      `SELECT 'game ' || slug AS what, name AS text FROM games
       UNION ALL SELECT 'description ' || slug, description FROM games WHERE description IS NOT NULL
       UNION ALL SELECT 'alternate name', name FROM alternate_names
       UNION ALL SELECT 'term ' || slug, name FROM terms
       UNION ALL SELECT 'person ' || slug, name FROM people
       UNION ALL SELECT 'publisher ' || slug, name FROM publishers
       UNION ALL SELECT 'family ' || slug, name FROM families`,
    );
    expect(texts.length).toBeGreaterThan(5_000);
    const survivors = texts.filter((t) => /&(#x?[0-9a-f]+|[a-z][a-z0-9]*);/i.test(t.text));
    expect(survivors.map((t) => `${t.what}: ${t.text.match(/&[^;\s]{1,10};/)?.[0]}`)).toEqual([]);
    // thing_42.xml (Tigris & Euphrates) writes its publisher's umlaut as double-escaped mojibake.
    const [tigris] = await store.all<{ description: string }>(
      "SELECT description FROM games WHERE slug = 'tigris-and-euphrates'",
    );
    expect(tigris.description).toContain('Glück');
  });

  it('reports error responses per file and imports nothing from them', async () => {
    const reasons = new Map(report.rejectedFiles.map((f) => [f.path, f.reason]));
    expect(reasons.get(file('gca3020-GABoardGameGeek/collection_notready_202.xml'))).toMatch(/queued/);
    expect(reasons.get(file('gca3020-GABoardGameGeek/thing_error.xml'))).toMatch(/HTML error page/);
    expect(reasons.get(file('SukiCZ-boardgamegeek/collection_invalid_user.xml'))).toMatch(/Invalid username specified/);
    expect(reasons.get(file('SukiCZ-boardgamegeek/search_exact_coup.xml'))).toMatch(/search response/);
    // Pandemic Legacy (161936) is in a thing file; the 4 collection items of the same fixture set are not.
    const collectionOnly = await gameByBggId(store, 68448); // 7 Wonders: only in collections
    expect(collectionOnly).toBeUndefined();
  });

  it('is served: the engine builds over the imported store and answers by legacy_id', async () => {
    const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
    const app = createApp(testAppDeps(store, state));
    const list = (await call(app, '/v1/games?legacy_id=174430')).body as { data: { slug: string }[] };
    expect(list.data.map((g) => g.slug)).toEqual(['gloomhaven']);
    const detail = (await call(app, '/v1/games/gloomhaven?include=mechanics,alternate_names')).body as Record<
      string,
      unknown
    >;
    expect(detail).toMatchObject({ name: 'Gloomhaven', type: 'base_game', legacy_id: 174430, top_player_counts: [3] });
    expect(detail.image_url).toMatch(/^https:\/\/cf\.geekdo-images\.com\/.+/);
    expect(detail.thumbnail_url).toMatch(/^https:\/\/cf\.geekdo-images\.com\/.+__thumb\//);
    expect(detail.mode).toBe('cooperative');
    // BGG's 2016 responses write protocol-relative URLs; they are served as https.
    const [dieMacher] = ((await call(app, '/v1/games?legacy_id=1')).body as { data: { slug: string }[] }).data;
    const macher = (await call(app, `/v1/games/${dieMacher.slug}`)).body as Record<string, unknown>;
    expect(macher.image_url).toBe('https://cf.geekdo-images.com/images/pic159509.jpg');
  });

  it('changes nothing on a re-import: every game unchanged, no record written', async () => {
    const again = await importBggXml(store, [BGG_XML], {
      refresh: aggregateRefresh(),
      now: new Date('2025-07-01T00:00:00.000Z'),
    });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1192, records: {} });
  });
});

describe.skipIf(!present)('bgg-xml expansions and their base game', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-xml-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('links an expansion to a base game already in the store, matched on legacy_id', async () => {
    const store = await emptyStore();
    await load(store, jsonl({ kind: 'game', slug: 'scythe', name: 'Scythe', type: 'base_game', legacy_id: 169786 }));
    const report = await importBggXml(store, [join(BGG_XML, 'SukiCZ-boardgamegeek/thing_242277_stats.xml')], {
      refresh: aggregateRefresh(),
      now: NOW,
    });
    expect(report.created).toBe(1);
    const fenris = await gameByBggId(store, 242277);
    const scythe = await gameByBggId(store, 169786);
    expect(fenris.parent_game_id).toBe(scythe.id);
    const [edge] = await store.all<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM relationships WHERE source_game_id = ? AND target_game_id = ? AND relationship_type = 'expands'`,
      [fenris.id, scythe.id],
    );
    expect(edge.n).toBe(1);
  });

  it('waits for a base game that comes in a later file of the same import', async () => {
    // a.xml: the expansion; b.xml: a minimal thing response for its base game.
    await cp(join(BGG_XML, 'SukiCZ-boardgamegeek/thing_242277_stats.xml'), join(dir, 'a.xml'));
    await writeFile(
      join(dir, 'b.xml'),
      '<?xml version="1.0" encoding="utf-8"?><items termsofuse="x"><item type="boardgame" id="169786">' +
        '<name type="primary" sortindex="1" value="Scythe"/><yearpublished value="2016"/></item></items>',
    );
    const store = await emptyStore();
    const report = await importBggXml(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(report.created).toBe(2);
    expect(report.skipped.find((s) => s.reason === SKIP.noParent)).toBeUndefined();
    expect((await gameByBggId(store, 242277)).parent_game_id).toBe((await gameByBggId(store, 169786)).id);
    const again = await importBggXml(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });
});
