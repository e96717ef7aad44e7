// import bgg-awards and bgg-polls on the real files in ../shared/data (test data only, never
// shipped), over the dump's rows of the games they name: every Spiel des Jahres winner of
// the file is served as won, the award filter finds exactly the file's winners, and known
// games' 2022 polls give their known best player counts, suggested age and language
// dependence; re-running either changes nothing. Skips with a warning when the folder is absent.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBggAwards } from '../../loader/import/bgg-awards.js';
import { importBggCsv } from '../../loader/import/bgg-csv.js';
import { importBggPolls, NOT_STORED } from '../../loader/import/bgg-polls.js';
import type { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { call, collect } from '../helpers/app.js';
import { storeApp } from '../helpers/store-app.js';
import { tempDirs } from '../helpers/temp.js';
import { emptyStore, NOW } from '../loader/catalog-helpers.js';

const DATA = resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/data');
const DUMP = join(DATA, 'bgg-csv/boardgames_ranks_2025-12-10.csv');
const AWARDS = join(DATA, 'awards');
const POLLS = join(DATA, 'bgg-polls-2022');
const present = [DUMP, AWARDS, POLLS].every((p) => existsSync(p));
if (!present) console.warn(`SKIPPED: bgg-awards/bgg-polls data tests need ${DATA} (../shared/data is absent)`);
const tempDir = tempDirs('ludex-bgg-awards-polls-');

const options = { refresh: aggregateRefresh(), now: NOW };
/** Catan, Carcassonne, Gloomhaven, Azul: their 2022 polls are checked by hand below. */
const KNOWN = [13, 822, 174430, 230802];
/** Games whose served player counts are checked against a naive reading of the file. */
const SAMPLE = 300;

function csvRows(path: string): string[][] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split(','));
}

/** The dump's header and its rows of these BGG ids, as a file. */
function dumpSlice(ids: Set<number>): string {
  const [header, ...rows] = readFileSync(DUMP, 'utf8').split('\n');
  const path = join(tempDir(), 'ranks-slice.csv');
  writeFileSync(path, `${[header, ...rows.filter((r) => ids.has(Number(r.slice(0, r.indexOf(',')))))].join('\n')}\n`);
  return path;
}

async function slugsByBggId(store: Store): Promise<Map<number, string>> {
  const rows = await store.all<{ bgg: string; slug: string }>(
    `SELECT e.external_id AS bgg, g.slug FROM external_identifiers e JOIN games g ON g.id = e.game_id WHERE e.source = 'legacy'`,
  );
  return new Map(rows.map((r) => [Number(r.bgg), r.slug]));
}

describe.skipIf(!present)('real award and poll files', () => {
  it('serves every Spiel des Jahres winner of the file as won, and re-imports as unchanged', async () => {
    const files = ['spiel_des_jahres', 'kennerspiel_des_jahres', 'kinderspiel_des_jahres'].map((f) =>
      csvRows(join(AWARDS, `${f}.csv`)),
    );
    const ids = new Set(files.flat().map((r) => Number(r[1])));
    const store = await emptyStore();
    await importBggCsv(store, [dumpSlice(ids)], options);

    const report = await importBggAwards(store, [AWARDS], options);
    expect(report).toMatchObject({ files: 3, rows: 864, created: 0, updated: 857, unchanged: 0, rejectedFiles: [] });
    expect(report.records).toEqual({ award: 3, 'award result': 864 });
    expect(report.skipped).toEqual([]);

    const slugs = await slugsByBggId(store);
    const app = await storeApp(store);
    const sdj = files[0];
    const winners = sdj.filter((r) => r[3] === '1');
    expect(winners).toHaveLength(46);
    for (const [year, bggId] of winners) {
      const reply = await call(app, `/v1/games/${slugs.get(Number(bggId))}?include=awards`);
      const awards = (reply.body as { awards: { award_id: string; year: number; result: string }[] }).awards;
      expect(awards, `BGG id ${bggId}`).toContainEqual(
        expect.objectContaining({ year: Number(year), result: 'won', category: null }),
      );
    }
    // The filter: the file's winners and special prize winners (won, with the prize as category).
    const won = new Set(sdj.filter((r) => r[3] === '1' || r[6] !== '').map((r) => slugs.get(Number(r[1]))));
    const served = await collect(app, '/v1/games?award.slug=spiel-des-jahres&award.result=won&limit=100');
    expect(new Set(served.items.map((g) => g.slug))).toEqual(won);
    // Catan, the 1995 winner; EXIT, the 2017 Kennerspiel, is three BGG ids.
    expect((await call(app, `/v1/games/${slugs.get(13)}/awards`)).body as { data: unknown[] }).toMatchObject({
      data: [{ award_slug: 'spiel-des-jahres', year: 1995, result: 'won' }],
    });
    const exit = files[1].filter((r) => r[0] === '2017' && r[3] === '1');
    expect(exit).toHaveLength(3);

    const again = await importBggAwards(store, [AWARDS], options);
    expect(again).toMatchObject({ updated: 0, unchanged: 857, records: {} });
  }, 300_000);

  it("turns known games' 2022 polls into their best and recommended counts, age and language", async () => {
    const counts = csvRows(join(POLLS, 'suggested_numplayers.csv'));
    const sample = [...new Set(counts.map((r) => Number(r[0])))].slice(0, SAMPLE);
    const store = await emptyStore();
    await importBggCsv(store, [dumpSlice(new Set([...KNOWN, ...sample]))], options);
    const stored = await slugsByBggId(store);

    const report = await importBggPolls(store, [POLLS], options);
    expect(report).toMatchObject({ files: 3, rows: 197_088 + 28_078 + 28_557, created: 0, rejectedFiles: [] });
    const inFiles = new Set(
      ['suggested_numplayers', 'suggested_playerage', 'language_dependence'].flatMap((f) =>
        csvRows(join(POLLS, `${f}.csv`)).map((r) => Number(r[0])),
      ),
    );
    const notStored = [...inFiles].filter((id) => !stored.has(id)).length;
    expect(report.skipped.find((s) => s.reason === NOT_STORED)?.count).toBe(notStored);

    const app = await storeApp(store);
    const game = async (bggId: number) =>
      (await call(app, `/v1/games/${stored.get(bggId)}`)).body as Record<string, unknown>;
    expect(await game(13)).toMatchObject({
      top_player_counts: [4],
      recommended_player_counts: [3, 4],
      community_suggested_age: 8,
      language_dependence: 'some_text',
    });
    expect(await game(174430)).toMatchObject({
      top_player_counts: [3],
      recommended_player_counts: [1, 2, 3, 4],
      community_suggested_age: 14,
      language_dependence: 'extensive_text',
    });
    // Azul: 2 players average 4.31 (659 Best, 426 Recommended, 39 Not), 3 players 4.11.
    expect(await game(230802)).toMatchObject({ top_player_counts: [2, 3], language_dependence: 'no_text' });

    // A naive reading of the file: Best 5, Recommended 3.5, Not Recommended 1.5, averaged per
    // count; "N+" stands for N+1 unless that count has a row; top above 4, recommended above 3.
    for (const bggId of sample.filter((id) => stored.has(id))) {
      const averages = new Map<number, number>();
      const rows = counts.filter((r) => Number(r[0]) === bggId);
      for (const plus of [false, true]) {
        for (const [, , label, b, r, n] of rows) {
          if (label.endsWith('+') !== plus) continue;
          const count = Number.parseInt(label, 10) + (plus ? 1 : 0);
          const votes = Number(b) + Number(r) + Number(n);
          if (votes === 0 || count < 1 || averages.has(count)) continue;
          averages.set(count, (5 * Number(b) + 3.5 * Number(r) + 1.5 * Number(n)) / votes);
        }
      }
      const sorted = [...averages].sort((x, y) => x[0] - y[0]);
      const served = await game(bggId);
      const expected = (min: number) => sorted.filter(([, avg]) => avg > min).map(([c]) => c);
      expect(served.top_player_counts, `BGG id ${bggId}`).toEqual(expected(4));
      expect(served.recommended_player_counts, `BGG id ${bggId}`).toEqual(expected(3));
    }

    const again = await importBggPolls(store, [POLLS], options);
    expect(again).toMatchObject({ updated: 0, records: {} });
  }, 300_000);
});
