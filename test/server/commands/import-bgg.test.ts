// `ludex import bgg <folder>` on real BGG files (a slice of ../shared/data: the dump's top
// 300 and the games of a few XML captures, their 2021 dataset rows, those captures and a
// slice of the ranking history): BGG's own ranks and geek ratings are served, and
// re-running any single importer afterwards changes no vote count, weight or rank.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { Store } from '../../../loader/store.js';
import { runCli } from '../../../server/cli.js';
import { STORE_FILE_NAME } from '../../../server/config.js';
import { tempDirs } from '../../helpers/temp.js';

const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const DATA = resolve(REPO, '../shared/data');
const present = existsSync(join(DATA, 'bgg-csv/boardgames_ranks_2025-12-10.csv'));
if (!present) console.warn(`SKIPPED: import bgg real-data tests need ${DATA} (../shared/data is absent)`);

const tempDir = tempDirs('ludex-import-bgg-');
const XML = [
  'gca3020-GABoardGameGeek/thing_161936_stats.xml', // Pandemic Legacy, 2016: fewer votes than the dump
  'SukiCZ-boardgamegeek/thing_28720_stats.xml', // Brass: Lancashire
  'dremovd-bgr/thing_174430.xml', // Gloomhaven, 2025
  'ArtWDrahn-boardgamegeekapi.net/thing_42.xml', // Tigris & Euphrates, no statistics
];
const XML_IDS = new Set(['161936', '28720', '174430', '42']);

interface DumpRow {
  id: string;
  rank: number;
  bayes: number;
}

/** The slice: returns the dump rows it kept. */
function slice(dir: string): DumpRow[] {
  const dump = readFileSync(join(DATA, 'bgg-csv/boardgames_ranks_2025-12-10.csv'), 'utf8').split('\n');
  const kept: string[] = [dump[0]];
  const rows: DumpRow[] = [];
  for (const line of dump.slice(1)) {
    // id,name,…: the name may hold commas (quoted); the numbers after it do not.
    const id = line.slice(0, line.indexOf(','));
    const tail = line.split(',').slice(-14);
    const rank = Number(tail[1]);
    if ((rank >= 1 && rank <= 300) || XML_IDS.has(id)) {
      kept.push(line);
      rows.push({ id, rank, bayes: Number(tail[2]) });
    }
  }
  mkdirSync(join(dir, 'csv'), { recursive: true });
  writeFileSync(join(dir, 'csv/boardgames_ranks_2025-12-10.csv'), `${kept.join('\n')}\n`);
  const ids = new Set(rows.map((r) => r.id));
  const dataset = readFileSync(join(DATA, 'bgg-csv/bgg_dataset.csv'), 'utf8').split('\n');
  writeFileSync(
    join(dir, 'csv/bgg_dataset.csv'),
    [dataset[0], ...dataset.slice(1).filter((l) => ids.has(l.slice(0, l.indexOf(';'))))].join('\n'),
  );
  mkdirSync(join(dir, 'xml'));
  for (const path of XML) copyFileSync(join(DATA, 'bgg-xml', path), join(dir, 'xml', path.replace('/', '-')));
  mkdirSync(join(dir, 'history'));
  const history = readFileSync(join(DATA, 'bgg-ranking-history/daily_top50_2016-10-12_to_2020-11-13.csv'), 'utf8');
  writeFileSync(join(dir, 'history/daily_top50_2016.csv'), history.split('\n').slice(0, 501).join('\n'));
  writeFileSync(join(dir, 'README.md'), 'not data\n');
  return rows;
}

interface Served {
  legacy: string;
  rating_votes: number | null;
  weight: number | null;
  rank_overall: number | null;
  bayes_rating: number | null;
}

async function served(dataDir: string): Promise<Served[]> {
  const store = await Store.open(join(dataDir, STORE_FILE_NAME));
  try {
    return await store.all<Served>(
      `SELECT e.external_id AS legacy, g.rating_votes, g.weight, g.rank_overall, g.bayes_rating
       FROM games g JOIN external_identifiers e ON e.game_id = g.id AND e.source = 'legacy' ORDER BY legacy`,
    );
  } finally {
    await store.close();
  }
}

describe.skipIf(!present)('import bgg <folder> on real BGG files', () => {
  it("serves BGG's ranks and geek ratings; re-running any single importer changes no vote count, weight or rank", async () => {
    const data = tempDir();
    const folder = join(data, 'bgg');
    const dump = slice(folder);
    const env = { LUDEX_DATA_DIR: join(data, 'store'), LUDEX_DEMO: 'off', LOG_LEVEL: 'silent' };
    const printed: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    try {
      expect(await runCli(['import', 'bgg', folder], env)).toBe(0);
      const summary = printed.join('\n');
      expect(summary).toMatch(/BGG data dump \(bgg-csv\): 1 files: \d+ games created/);
      expect(summary).toMatch(/2021 BGG dataset \(bgg-csv\): 1 files/);
      expect(summary).toMatch(/XML API2 captures \(bgg-xml\): 4 files/);
      expect(summary).toMatch(/ranking history \(bgg-rankings\): 1 files/);
      expect(summary).toMatch(/skipped 1 files: not a BGG file this command knows \(.*README\.md\)/);

      const first = await served(env.LUDEX_DATA_DIR);
      const byId = new Map(first.map((g) => [g.legacy, g]));
      // No local votes: every ranked game serves the dump's geek rating and rank exactly.
      const ranked = dump.filter((r) => r.rank > 0);
      expect(ranked.length).toBe(300);
      for (const row of ranked) {
        expect(byId.get(row.id)?.bayes_rating, row.id).toBe(row.bayes);
        if (row.rank <= 300) expect(byId.get(row.id)?.rank_overall, row.id).toBe(row.rank);
      }
      // Pandemic Legacy keeps the dump's votes over the 2016 capture.
      expect(byId.get('161936')?.rating_votes).toBeGreaterThan(50_000);

      // The folder again: every file unchanged, nothing refreshed.
      printed.length = 0;
      expect(await runCli(['import', 'bgg', folder], env)).toBe(0);
      expect(printed.join('\n')).toMatch(/nothing changed: the aggregates were not refreshed/);

      for (const args of [
        ['bgg-csv', join(folder, 'csv/boardgames_ranks_2025-12-10.csv')],
        ['bgg-csv', join(folder, 'csv/bgg_dataset.csv')],
        ['bgg-xml', join(folder, 'xml')],
        ['bgg-rankings', join(folder, 'history')],
      ]) {
        expect(await runCli(['import', ...args], env), args.join(' ')).toBe(0);
        expect(await served(env.LUDEX_DATA_DIR), args.join(' ')).toEqual(first);
      }
    } finally {
      error.mockRestore();
    }
  }, 900_000);
});
