// `import bgg <folder>` (loader/import/bgg-folder.ts): every file goes to the step whose
// matcher takes it, the steps run in order, unknown files are skipped (not errors), the
// aggregates are refreshed once at the end, and a re-run skips the files it imported.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBggFolderWith, UNCHANGED_FILE, UNKNOWN_FILE } from '../../loader/import/bgg-folder.js';
import { BGG_STEPS } from '../../loader/import/bgg-folder/steps.js';
import type { ForeignImporter, ForeignImportReport } from '../../loader/import/report.js';
import { emptyStore, NOW } from '../loader/catalog-helpers.js';

const DUMP_HEADER =
  'id,name,yearpublished,rank,bayesaverage,average,usersrated,is_expansion,abstracts_rank,cgs_rank,childrensgames_rank,familygames_rank,partygames_rank,strategygames_rank,thematic_rank,wargames_rank';
const DATASET_HEADER =
  '\uFEFFID;Name;YearPublished;MinPlayers;MaxPlayers;PlayTime;MinAge;UsersRated;RatingAverage;BGGRank;ComplexityAverage;OwnedUsers;Mechanics;Domains\r';
const RANKING_HEADER = 'ID,Name,Year,Rank,Average,Bayes average,Users rated,URL,Thumbnail';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-folder-'));
  await mkdir(join(dir, 'csv'));
  await mkdir(join(dir, 'xml/sub'), { recursive: true });
  await mkdir(join(dir, 'rankings'));
  await writeFile(join(dir, 'csv/boardgames_ranks_2025-12-10.csv'), `${DUMP_HEADER}\n1,A,2000,1,7,7,100,0,,,,,,,,\n`);
  await writeFile(join(dir, 'csv/bgg_dataset.csv'), `${DATASET_HEADER}\n`);
  await writeFile(join(dir, 'xml/sub/thing_1.xml'), '<items/>');
  await writeFile(join(dir, 'rankings/2020-01-01.csv'), `${RANKING_HEADER}\n`);
  await mkdir(join(dir, 'awards'));
  await writeFile(
    join(dir, 'awards/spiel_des_jahres.csv'),
    'jahrgang,bgg_id,url,winner,nominated,recommended,sonderpreis\n',
  );
  await mkdir(join(dir, 'polls'));
  await writeFile(
    join(dir, 'polls/suggested_numplayers.csv'),
    'bgg_id,poll_totalvotes,numplayers,best,recommended,not_recommended\n',
  );
  await writeFile(join(dir, 'README.md'), '# not data\n');
  await writeFile(join(dir, 'csv/other.csv'), 'a,b,c\n1,2,3\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const empty = (files: number): ForeignImportReport => ({
  files,
  created: 0,
  updated: 1,
  unchanged: 0,
  records: {},
  skipped: [],
  rejectedFiles: [],
});

describe('import bgg <folder>', () => {
  it('gives each step its files, in step order; skips unknown files; refreshes once; skips unchanged files next time', async () => {
    const calls: { step: string; paths: string[] }[] = [];
    const steps = BGG_STEPS.map((step) => {
      const importer: ForeignImporter = async (_store, paths, options) => {
        // Each step's own refresh is a no-op: the folder refreshes once, at the end.
        await options.refresh(undefined as never, NOW);
        calls.push({ step: step.name, paths: paths.map((p) => p.slice(dir.length + 1)) });
        return empty(paths.length);
      };
      return { ...step, importer };
    });
    const store = await emptyStore();
    let refreshes = 0;
    const run = importBggFolderWith(steps);
    const options = {
      now: NOW,
      refresh: async () => {
        refreshes++;
        return {} as never;
      },
    };
    const report = await run(store, [dir], options);
    expect(calls).toEqual([
      { step: 'BGG data dump', paths: ['csv/boardgames_ranks_2025-12-10.csv'] },
      { step: '2021 BGG dataset', paths: ['csv/bgg_dataset.csv'] },
      { step: 'XML API2 captures', paths: ['xml/sub/thing_1.xml'] },
      { step: 'ranking history', paths: ['rankings/2020-01-01.csv'] },
      { step: 'awards', paths: ['awards/spiel_des_jahres.csv'] },
      { step: 'polls', paths: ['polls/suggested_numplayers.csv'] },
    ]);
    expect(refreshes).toBe(1);
    expect(report.skippedFiles).toEqual([
      { path: join(dir, 'README.md'), reason: UNKNOWN_FILE },
      { path: join(dir, 'csv/other.csv'), reason: UNKNOWN_FILE },
    ]);
    expect(report.rejectedFiles).toEqual([]);
    expect(report.updated).toBe(6);

    // Unchanged since: nothing is imported, nothing refreshed.
    calls.length = 0;
    const again = await run(store, [dir], options);
    expect(calls).toEqual([]);
    expect(refreshes).toBe(1);
    expect(again.refreshed).toBe(false);
    expect(again.skippedFiles.filter((f) => f.reason === UNCHANGED_FILE)).toHaveLength(6);

    // A changed file is imported again (and only it); so is an unchanged one under a new --as-of.
    await writeFile(join(dir, 'rankings/2020-01-01.csv'), `${RANKING_HEADER}\n1,A,2000,1,7,7,100,,\n`);
    await run(store, [dir], options);
    expect(calls).toEqual([{ step: 'ranking history', paths: ['rankings/2020-01-01.csv'] }]);
    calls.length = 0;
    await run(store, [dir], { ...options, asOf: '2026-01-01' });
    expect(calls.map((c) => c.step)).toEqual(['2021 BGG dataset', 'XML API2 captures']);
    expect(refreshes).toBe(3);
    await store.close();
  });
});
