// import bgg-awards on small fixture files (test/fixtures/bgg-awards): which result each row
// states, what stays of a game's other awards, what is skipped and why, files that are
// rejected whole, idempotence, and the served GameAwards and award filter.

import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBggAwards, NOT_STORED } from '../../loader/import/bgg-awards.js';
import { SKIP } from '../../loader/import/bgg-awards/read.js';
import type { ForeignImportReport } from '../../loader/import/report.js';
import type { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { call, collect } from '../helpers/app.js';
import { storeApp } from '../helpers/store-app.js';
import { tempDirs } from '../helpers/temp.js';
import { dumpTables, emptyStore, game, jsonl, load, NOW } from '../loader/catalog-helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/bgg-awards', import.meta.url));
const SDJ = join(FIXTURES, 'spiel_des_jahres.csv');
const KSDJ = join(FIXTURES, 'kennerspiel_des_jahres.csv');
const tempDir = tempDirs('ludex-bgg-awards-');

/** Six games stored under BGG ids; Agricola already has two awards, one of them curated. */
async function seeded(): Promise<Store> {
  const store = await emptyStore();
  await load(
    store,
    jsonl(
      {
        kind: 'award',
        slug: 'spiel-des-jahres',
        name: 'Spiel des Jahres',
        description: 'Curated here, not by the importer.',
      },
      { kind: 'award', slug: 'deutscher-spiele-preis', name: 'Deutscher Spiele Preis' },
      game('catan', { legacy_id: 13 }),
      game('carcassonne', { legacy_id: 822 }),
      game('seven-wonders', { legacy_id: 68448 }),
      game('nominee', { legacy_id: 100 }),
      game('recommended-one', { legacy_id: 101 }),
      game('agricola', {
        legacy_id: 31260,
        awards: [
          { award: 'deutscher-spiele-preis', year: 2008, result: 'won' },
          { award: 'spiel-des-jahres', year: 2008, result: 'won', category: 'Special prize: complex game' },
        ],
      }),
    ),
  );
  return store;
}

const run = (store: Store, paths: string[]) => importBggAwards(store, paths, { refresh: aggregateRefresh(), now: NOW });

async function awardsOf(store: Store, slug: string) {
  return store.all<{ award: string; year: number; result: string; category: string | null }>(
    `SELECT a.slug AS award, x.year, x.result, x.category FROM game_awards x
     JOIN awards a ON a.id = x.award_id JOIN games g ON g.id = x.game_id WHERE g.slug = ? ORDER BY x.position`,
    [slug],
  );
}

function skipped(report: ForeignImportReport, reason: string): number {
  return report.skipped.find((s) => s.reason === reason)?.count ?? 0;
}

describe('import bgg-awards', () => {
  it('states one result per row, special prizes as won with their category, and skips bad rows with a reason', async () => {
    const store = await seeded();
    const report = await run(store, [SDJ, KSDJ]);
    expect(report).toMatchObject({ files: 2, rows: 13, created: 0, updated: 6, unchanged: 0, rejectedFiles: [] });
    expect(report.records).toEqual({ award: 1, 'award result': 7 });
    expect(skipped(report, SKIP.noId)).toBe(1);
    expect(skipped(report, SKIP.badFlag)).toBe(1);
    expect(skipped(report, SKIP.noResult)).toBe(1);
    expect(skipped(report, SKIP.noYear)).toBe(1);
    expect(skipped(report, SKIP.twice)).toBe(1);
    expect(report.skipped.find((s) => s.reason === NOT_STORED)).toMatchObject({
      count: 1,
      examples: ['spiel-des-jahres 2001: BGG id 999999'],
    });
    expect(report.skipped.find((s) => s.reason === SKIP.noId)?.examples).toEqual([`${SDJ}:8`]);

    expect(await awardsOf(store, 'catan')).toEqual([
      { award: 'spiel-des-jahres', year: 1995, result: 'won', category: null },
    ]);
    expect(await awardsOf(store, 'nominee')).toEqual([
      { award: 'spiel-des-jahres', year: 1995, result: 'nominated', category: null },
    ]);
    // Listed as recommended, then again as nominated for the same year: the higher result stays.
    expect(await awardsOf(store, 'recommended-one')).toEqual([
      { award: 'spiel-des-jahres', year: 1995, result: 'nominated', category: null },
    ]);
    // Another award stays; the file's 2008 result replaces the stored one of that award and year.
    expect(await awardsOf(store, 'agricola')).toEqual([
      { award: 'deutscher-spiele-preis', year: 2008, result: 'won', category: null },
      { award: 'kennerspiel-des-jahres', year: 2012, result: 'won', category: 'Special Prize, "for complex games"' },
      { award: 'spiel-des-jahres', year: 2008, result: 'won', category: 'Complex Game' },
    ]);
    // Columns are found by name: the Kennerspiel fixture has them in another order.
    expect(await awardsOf(store, 'seven-wonders')).toEqual([
      { award: 'kennerspiel-des-jahres', year: 2011, result: 'won', category: null },
    ]);

    const awards = await store.all<{ slug: string; description: string | null; organization: string | null }>(
      'SELECT slug, description, organization FROM awards ORDER BY slug',
    );
    expect(awards).toEqual([
      { slug: 'deutscher-spiele-preis', description: null, organization: null },
      {
        slug: 'kennerspiel-des-jahres',
        description: expect.stringMatching(/Connoisseur/),
        organization: 'Spiel des Jahres e.V.',
      },
      // An award the store has keeps what it says about itself.
      { slug: 'spiel-des-jahres', description: 'Curated here, not by the importer.', organization: null },
    ]);
  });

  it('changes nothing when run again', async () => {
    const store = await seeded();
    await run(store, [SDJ, KSDJ]);
    const before = await dumpTables(store);
    const again = await run(store, [SDJ, KSDJ]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 6, records: {} });
    expect(await dumpTables(store)).toEqual(before);
  });

  it('serves the results: include=awards, /awards and the award filter', async () => {
    const store = await seeded();
    await run(store, [SDJ, KSDJ]);
    const app = await storeApp(store);
    const catan = await call(app, '/v1/games/catan?include=awards');
    expect(catan.status).toBe(200);
    const body = catan.body as { awards: { award_id: string; year: number; result: string }[] };
    expect(body.awards).toHaveLength(1);
    expect(body.awards[0]).toMatchObject({ year: 1995, result: 'won', category: null });

    const winners = await collect(app, '/v1/games?award.slug=spiel-des-jahres&award.result=won&limit=100');
    expect(winners.items.map((g) => g.slug).sort()).toEqual(['agricola', 'carcassonne', 'catan']);
    const kenner = await collect(app, '/v1/games?award.slug=kennerspiel-des-jahres&limit=100');
    expect(kenner.items.map((g) => g.slug).sort()).toEqual(['agricola', 'seven-wonders']);
  });

  it('rejects a whole file with missing columns, an unknown name or a broken quote, writing nothing', async () => {
    const store = await seeded();
    const dir = tempDir();
    const missing = join(dir, 'spiel_des_jahres.csv');
    writeFileSync(missing, 'jahrgang,bgg_id,winner\n1995,13,1\n');
    const unnamed = join(dir, 'awards.csv');
    copyFileSync(SDJ, unnamed);
    const broken = join(dir, 'ksdj.csv');
    writeFileSync(broken, 'jahrgang,bgg_id,winner,nominated,recommended,sonderpreis\n2011,68448,1,1,1,"open\n');
    const before = await dumpTables(store);
    const report = await run(store, [missing, unnamed, broken]);
    expect(report.rejectedFiles).toEqual([
      { path: missing, reason: 'not an award file: the header lacks nominated, recommended, sonderpreis' },
      { path: unnamed, reason: expect.stringMatching(/^cannot tell the award from the file name/) },
      { path: broken, reason: expect.stringMatching(/ends inside a quoted field/) },
    ]);
    expect(report).toMatchObject({ files: 3, updated: 0 });
    expect(await dumpTables(store)).toEqual(before);
  });

  it('reports a folder without award files and a path that does not exist', async () => {
    const store = await seeded();
    const empty = tempDir();
    writeFileSync(join(empty, 'other.csv'), 'a,b\n1,2\n');
    const report = await run(store, [empty, join(empty, 'absent.csv')]);
    expect(report.files).toBe(2);
    expect(report.rejectedFiles.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^no award file in this folder/),
      expect.stringMatching(/^cannot read/),
    ]);
  });
});
