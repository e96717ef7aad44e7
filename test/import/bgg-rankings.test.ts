// The bgg-rankings importer. Small hand-made files check the rules on any machine; the real
// ranking folder (../shared/data/bgg-rankings: 40 monthly files, test data only, never
// shipped) is imported in full and checked against the CSV files, read here with a parser
// of the test's own, including through the rankings history and transitions endpoints.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { importBggRankings } from '../../loader/import/bgg-rankings.js';
import { SKIP } from '../../loader/import/bgg-rankings/import.js';
import type { ForeignImportReport } from '../../loader/import/report.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { DatasetState } from '../../server/state.js';
import { call, testAppDeps } from '../helpers/app.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const RANKINGS = resolve(REPO, '../shared/data/bgg-rankings');
const SERIES = resolve(REPO, '../shared/data/bgg-ranking-history/daily_top50_2016-10-12_to_2020-11-13.csv');
const present = existsSync(RANKINGS) && existsSync(SERIES);
if (!present)
  console.warn(`SKIPPED: the real-data bgg-rankings tests need ${RANKINGS} and ${SERIES} (../shared/data is absent)`);

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HEADER = 'ID,Name,Year,Rank,Average,Bayes average,Users rated,URL,Thumbnail';

const temp: string[] = [];
const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

async function newStore(): Promise<Store> {
  const store = await Store.open(':memory:');
  stores.push(store);
  await migrate(store);
  return store;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-rankings-'));
  temp.push(dir);
  return dir;
}

async function scalar(store: Store, sql: string, params: (string | number)[] = []): Promise<number> {
  const [row] = await store.all<{ n: number | bigint }>(sql, params);
  return Number(row.n);
}

interface StoredSnapshot {
  bgg_id: string;
  rank_overall: number | null;
  rating: number | null;
  bayes_rating: number | null;
  rating_count: number | null;
  weight: number | null;
  owner_count: number | null;
}

async function snapshotsAt(store: Store, date: string, top: number): Promise<StoredSnapshot[]> {
  return store.all<StoredSnapshot>(
    `SELECT e.external_id AS bgg_id, s.rank_overall, s.rating, s.bayes_rating, s.rating_count, s.weight, s.owner_count
     FROM game_snapshots s JOIN external_identifiers e ON e.game_id = s.game_id AND e.source = 'legacy'
     WHERE s.snapshot_date = $1::DATE AND s.rank_overall <= $2 ORDER BY s.rank_overall`,
    [date, top],
  );
}

async function gameByBggId(store: Store, bggId: number | string) {
  const rows = await store.all<{ slug: string; name: string; year_published: number | null; type: string }>(
    `SELECT g.slug, g.name, g.year_published, g.type FROM games g JOIN external_identifiers e ON e.game_id = g.id
     WHERE e.source = 'legacy' AND e.external_id = $1`,
    [String(bggId)],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

function skipped(report: ForeignImportReport, reason: string | RegExp): number {
  return report.skipped
    .filter((s) => (typeof reason === 'string' ? s.reason === reason : reason.test(s.reason)))
    .reduce((n, s) => n + s.count, 0);
}

describe('bgg-rankings rules (hand-made files)', () => {
  it('creates unknown games minimal, one snapshot per game and date, and re-imports as unchanged', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, '2019-05-01.csv'),
      [
        HEADER,
        '1,"Alpha, the Game",2001,1,8.1,7.5,1200,/boardgame/1/alpha,https://x/1.png',
        '2,Beta,0,2,0,6.9,0,/boardgame/2/beta,https://x/2.png',
        '2,Beta again,2003,3,7,6.8,10,/boardgame/2/beta,https://x/2.png',
        ',No id,2000,4,7,6.5,40,/x,https://x',
        '3,No rank,2000,,7,6.5,40,/x,https://x',
        '',
      ].join('\n'),
    );
    const store = await newStore();
    const report = await importBggRankings(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(report).toMatchObject({
      files: 1,
      created: 2,
      updated: 0,
      unchanged: 0,
      rejectedFiles: [],
      records: { 'snapshots created': 2 },
    });
    expect(skipped(report, SKIP.duplicate)).toBe(1);
    expect(skipped(report, /no BGG id/)).toBe(1);
    expect(skipped(report, /no rank/)).toBe(1);

    expect(await gameByBggId(store, 1)).toMatchObject({
      slug: 'alpha-the-game',
      name: 'Alpha, the Game',
      year_published: 2001,
      type: 'base_game',
    });
    // Year 0 is unknown; average 0 and no votes mean no rating (the snapshot keeps its rank).
    expect(await gameByBggId(store, 2)).toMatchObject({ name: 'Beta', year_published: null });
    const snapshots = await snapshotsAt(store, '2019-05-01', 10);
    expect(snapshots).toEqual([
      {
        bgg_id: '1',
        rank_overall: 1,
        rating: 8.1,
        bayes_rating: 7.5,
        rating_count: 1200,
        weight: null,
        owner_count: null,
      },
      {
        bgg_id: '2',
        rank_overall: 2,
        rating: null,
        bayes_rating: 6.9,
        rating_count: 0,
        weight: null,
        owner_count: null,
      },
    ]);

    const again = await importBggRankings(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, records: { 'snapshots unchanged': 2 } });
    expect(await scalar(store, 'SELECT count(*) AS n FROM game_snapshots')).toBe(2);
  });

  it('updates a changed snapshot and never touches a stored game', async () => {
    const dir = await tempDir();
    const file = join(dir, '2019-05-01.csv');
    await writeFile(file, `${HEADER}\n1,Alpha,2001,1,8.1,7.5,1200,/a,https://x\n`);
    const store = await newStore();
    await importBggRankings(store, [file], { refresh: aggregateRefresh(), now: NOW });
    await writeFile(file, `${HEADER}\n1,Alpha Renamed,1999,2,8.2,7.6,1300,/a,https://x\n`);
    const report = await importBggRankings(store, [file], { refresh: aggregateRefresh(), now: NOW });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 1, records: { 'snapshots updated': 1 } });
    expect(await gameByBggId(store, 1)).toMatchObject({ name: 'Alpha', year_published: 2001 });
    expect(await snapshotsAt(store, '2019-05-01', 10)).toMatchObject([
      { rank_overall: 2, rating: 8.2, bayes_rating: 7.6, rating_count: 1300 },
    ]);
  });

  it('reads a series file (dates in a column, no names): known games only, the rest reported', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, '2019-05-01.csv'), `${HEADER}\n1,Alpha,2001,1,8.1,7.5,1200,/a,https://x\n`);
    const series = join(dir, 'series.csv');
    await writeFile(
      series,
      'date,ID,Rank,Average,Bayes average,Users rated\n2019-05-02,1,1,8.1,7.51,1210\n2019-05-02,9,2,8,7.4,900\n2019-13-01,1,1,8,7,1\n',
    );
    const store = await newStore();
    const report = await importBggRankings(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(report).toMatchObject({ files: 2, created: 1, rejectedFiles: [], records: { 'snapshots created': 2 } });
    expect(skipped(report, SKIP.unknownGame)).toBe(1);
    expect(skipped(report, /no valid date/)).toBe(1);
    expect(await snapshotsAt(store, '2019-05-02', 10)).toMatchObject([
      { bgg_id: '1', rank_overall: 1, bayes_rating: 7.51, rating_count: 1210 },
    ]);
  });

  it('rejects files it cannot read as rankings, and a dated layout without a date in its name', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'other.csv'), 'id,name\n1,X\n');
    await writeFile(join(dir, 'latest.csv'), `${HEADER}\n1,Alpha,2001,1,8.1,7.5,1200,/a,https://x\n`);
    await writeFile(join(dir, '2019-02-30.csv'), `${HEADER}\n1,Alpha,2001,1,8.1,7.5,1200,/a,https://x\n`);
    const store = await newStore();
    const report = await importBggRankings(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(report.files).toBe(3);
    expect(
      report.rejectedFiles.map((f) => [
        f.path.slice(dir.length + 1),
        /not a BGG ranking file/.test(f.reason) ? 'layout' : /no date/.test(f.reason) ? 'date' : f.reason,
      ]),
    ).toEqual([
      ['2019-02-30.csv', 'date'],
      ['latest.csv', 'date'],
      ['other.csv', 'layout'],
    ]);
    expect(await scalar(store, 'SELECT count(*) AS n FROM games')).toBe(0);
  });
});

// ---- The real folder ----

interface FileRow {
  id: string;
  name: string;
  year: number;
  rank: number;
  average: number;
  bayes: number;
  users: number;
}

/** The test's own reading of a ranking file: the id first, the 7 unquoted columns last, the (maybe quoted) name between. */
function readRankingFile(path: string): FileRow[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => {
      const parts = line.split(',');
      const [year, rank, average, bayes, users] = parts.slice(-7, -2);
      const rawName = parts.slice(1, -7).join(',');
      const name = rawName.startsWith('"') ? rawName.slice(1, -1).replaceAll('""', '"') : rawName;
      return {
        id: parts[0],
        name,
        year: Number(year),
        rank: Number(rank),
        average: Number(average),
        bayes: Number(bayes),
        users: Number(users),
      };
    });
}

function top(rows: readonly FileRow[], n: number): FileRow[] {
  return rows.filter((r) => r.rank <= n).sort((a, b) => a.rank - b.rank);
}

const DATES = ['2017-08-01', '2019-03-01', '2020-11-01'];

describe.skipIf(!present)('the real bgg-rankings folder (40 monthly files)', () => {
  let store: Store;
  let report: ForeignImportReport;
  const files = present
    ? readdirSync(RANKINGS)
        .filter((n) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(n))
        .sort()
    : [];
  /** Rows per file date; the full rows of DATES only. */
  const counts = new Map<string, number>();
  const rowsAt = new Map<string, FileRow[]>();
  /** Each BGG id's first appearance (the file that creates the game). */
  const firstSeen = new Map<string, FileRow>();

  beforeAll(async () => {
    for (const name of files) {
      const date = name.slice(0, 10);
      const rows = readRankingFile(join(RANKINGS, name));
      counts.set(date, rows.length);
      if (DATES.includes(date)) rowsAt.set(date, rows);
      for (const row of rows) if (!firstSeen.has(row.id)) firstSeen.set(row.id, row);
    }
    store = await newStore();
    report = await importBggRankings(store, [RANKINGS], { refresh: aggregateRefresh(), now: NOW });
  }, 900_000);

  it('imports every file: one snapshot per row, games created once', async () => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(files).toHaveLength(40);
    expect(report).toMatchObject({
      files: 40,
      created: firstSeen.size,
      updated: 0,
      unchanged: 0,
      rejectedFiles: [],
      skipped: [],
    });
    expect(report.records).toEqual({ 'snapshots created': total });
    expect(await scalar(store, 'SELECT count(*) AS n FROM game_snapshots')).toBe(total);
    const perDate = await store.all<{ d: string; n: number | bigint }>(
      `SELECT strftime(snapshot_date, '%Y-%m-%d') AS d, count(*) AS n FROM game_snapshots GROUP BY d ORDER BY d`,
    );
    expect(perDate.map((r) => [r.d, Number(r.n)])).toEqual([...counts.entries()]);
  });

  it('holds each file date top 10 as the file lists it, other metrics empty', async () => {
    for (const date of DATES) {
      const expected = top(rowsAt.get(date) ?? [], 10).map((r) => ({
        bgg_id: r.id,
        rank_overall: r.rank,
        rating: r.average,
        bayes_rating: r.bayes,
        rating_count: r.users,
        weight: null,
        owner_count: null,
      }));
      expect(expected).toHaveLength(10);
      expect(await snapshotsAt(store, date, 10), date).toEqual(expected);
    }
  });

  it('creates each game from the first file that lists it', async () => {
    const latest = top(rowsAt.get('2020-11-01') ?? [], 5);
    const zeroYear = [...firstSeen.values()].find((r) => r.year === 0);
    for (const row of [...latest, ...(zeroYear ? [zeroYear] : [])]) {
      const first = firstSeen.get(row.id) as FileRow;
      expect(await gameByBggId(store, row.id)).toMatchObject({
        name: first.name,
        year_published: first.year === 0 ? null : first.year,
        type: 'base_game',
      });
    }
  });

  it('serves each file top 10 at its date, and the games that entered and left the top 10 between two dates', async () => {
    const slugs = new Map(
      (
        await store.all<{ slug: string; bgg_id: string }>(
          `SELECT g.slug, e.external_id AS bgg_id FROM games g JOIN external_identifiers e ON e.game_id = g.id AND e.source = 'legacy'`,
        )
      ).map((r) => [r.slug, r.bgg_id]),
    );
    const app = createApp(testAppDeps(store, new DatasetState(buildDataset(await loadDatasetInput(store)))));
    for (const date of DATES) {
      const reply = await call(app, `/v1/statistics/rankings/history?date=${date}&top=10`);
      expect(reply.status).toBe(200);
      const body = reply.body as { date: string; data: { rank: number; game_slug: string; bayes_rating: number }[] };
      expect(body.date).toBe(date);
      expect(body.data.map((e) => [e.rank, slugs.get(e.game_slug), e.bayes_rating])).toEqual(
        top(rowsAt.get(date) ?? [], 10).map((r) => [r.rank, r.id, r.bayes]),
      );
    }
    for (const [from, to] of [
      [DATES[0], DATES[2]],
      [DATES[0], DATES[1]],
      [DATES[1], DATES[2]],
    ]) {
      const start = new Set(top(rowsAt.get(from) ?? [], 10).map((r) => r.id));
      const end = new Set(top(rowsAt.get(to) ?? [], 10).map((r) => r.id));
      const entered = [...end].filter((id) => !start.has(id)).sort();
      const exited = [...start].filter((id) => !end.has(id)).sort();
      expect(entered.length + exited.length, `${from}→${to}`).toBeGreaterThan(0);
      const reply = await call(app, `/v1/statistics/rankings/transitions?from=${from}&to=${to}&top=10`);
      expect(reply.status).toBe(200);
      const body = reply.body as {
        entered: { game_slug: string }[];
        exited: { game_slug: string }[];
        stable: { game_slug: string }[];
      };
      const ids = (list: { game_slug: string }[]) => list.map((e) => slugs.get(e.game_slug) as string).sort();
      expect(ids(body.entered), `${from}→${to} entered`).toEqual(entered);
      expect(ids(body.exited), `${from}→${to} exited`).toEqual(exited);
      expect(ids(body.stable), `${from}→${to} stable`).toEqual([...start].filter((id) => end.has(id)).sort());
    }
  });

  it('re-imports a file as unchanged', async () => {
    const before = await scalar(store, 'SELECT count(*) AS n FROM game_snapshots');
    const again = await importBggRankings(store, [join(RANKINGS, `${DATES[1]}.csv`)], {
      refresh: aggregateRefresh(),
      now: NOW,
    });
    const rows = counts.get(DATES[1]) ?? 0;
    expect(again).toMatchObject({
      files: 1,
      created: 0,
      updated: 0,
      unchanged: rows,
      rejectedFiles: [],
      records: { 'snapshots unchanged': rows },
    });
    expect(await scalar(store, 'SELECT count(*) AS n FROM game_snapshots')).toBe(before);
  }, 120_000);

  it('adds the daily top-50 series: new dates created, the monthly dates it shares unchanged', async () => {
    const lines = readFileSync(SERIES, 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l !== '');
    const series = lines.map((l) => l.split(',')).map(([date, id]) => ({ date, id }));
    const known = series.filter((r) => firstSeen.has(r.id));
    const onMonthlyDates = known.filter((r) => counts.has(r.date)).length;
    const result = await importBggRankings(store, [SERIES], { refresh: aggregateRefresh(), now: NOW });
    expect(result).toMatchObject({ files: 1, created: 0, rejectedFiles: [] });
    expect(skipped(result, SKIP.unknownGame)).toBe(series.length - known.length);
    expect(result.records['snapshots created']).toBe(known.length - onMonthlyDates);
    // Both sources copy BGG's numbers unchanged, so a shared date holds the same values.
    expect(result.records['snapshots unchanged']).toBe(onMonthlyDates);
  }, 300_000);
});
