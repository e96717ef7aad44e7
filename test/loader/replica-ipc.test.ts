// DatasetInput → Arrow IPC → DatasetInput: the Dataset a replica builds from the files
// answers exactly as the writer's, on the demo catalog (every part is non-empty there).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset, type DatasetApi, type DatasetInput, type Query } from '../../engine/index.js';
import { importCatalog } from '../../loader/catalog/import.js';
import { readLines } from '../../loader/lines.js';
import { loadDatasetInput } from '../../loader/load.js';
import { decodeDatasetInput, encodeDatasetInput, DATASET_PARTS } from '../../loader/replica/dataset-ipc.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

let store: Store;
let input: DatasetInput;
let original: DatasetApi;
let copy: DatasetApi;

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  input = await loadDatasetInput(store);
  original = buildDataset(input);
  const files = encodeDatasetInput(input);
  // Through plain bytes, as a file read would hand them over.
  copy = buildDataset(decodeDatasetInput(new Map([...files].map(([part, bytes]) => [part, Uint8Array.from(bytes)]))));
});
afterAll(async () => store.close());

describe('replica dataset files', () => {
  it('encode every part, and no part of the demo is empty', () => {
    const files = encodeDatasetInput(input);
    expect([...files.keys()]).toEqual([...DATASET_PARTS]);
    expect(input.modifications.length).toBeGreaterThan(0);
    expect(input.combinations.length).toBeGreaterThan(0);
    expect(input.gameAwards.game.length).toBeGreaterThan(0);
    expect(input.alternateNames.game.length).toBeGreaterThan(0);
    const { community } = input;
    for (const section of [
      community.playerCountRatings,
      community.agePolls,
      community.languagePolls,
      community.experience,
    ])
      expect(section.game.length).toBeGreaterThan(0);
    expect(community.experienceSufficient.length).toBeGreaterThan(0);
  });

  it('decode to an input equal to the original', () => {
    const decoded = decodeDatasetInput(encodeDatasetInput(input));
    const { games: decodedGames, ...decodedRest } = decoded;
    const { games: originalGames, ...originalRest } = input;
    expect(decodedRest).toEqual(originalRest);
    expect(decodedGames.numRows).toBe(originalGames.numRows);
    expect(decodedGames.toArray().map((r) => r.toJSON())).toEqual(originalGames.toArray().map((r) => r.toJSON()));
  });

  it('build a Dataset that answers like the original', () => {
    expect(copy.size).toBe(original.size);
    for (let row = 0; row < original.size; row++) {
      expect(copy.game(row)).toEqual(original.game(row));
      expect(copy.related(row)).toEqual(original.related(row));
      expect(copy.polls(row)).toEqual(original.polls(row));
      expect(copy.experience(row)).toEqual(original.experience(row));
    }
    const queries: Query[] = [
      { filter: {}, sort: 'name', order: 'asc', limit: 100 },
      {
        filter: { mechanics: ['cooperative'], players: 4, effective: true },
        sort: 'bayes_rating',
        order: 'desc',
        limit: 50,
      },
    ];
    for (const q of queries) expect(JSON.stringify(copy.query(q))).toBe(JSON.stringify(original.query(q)));
    expect(copy.search('spirit', 10)).toEqual(original.search('spirit', 10));
    expect(copy.people()).toEqual(original.people());
    expect(copy.terms('mechanic')).toEqual(original.terms('mechanic'));
  });
});

describe('store copy for replicas', () => {
  it('copies every table with its rows into a new file that opens read-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), "ludex-copy-o'q-"));
    try {
      const target = join(dir, 'copy.duckdb');
      await store.copyDatabaseTo(target);
      const copyStore = await Store.open(target, { readOnly: true });
      try {
        const tables = await store.all<{ t: string }>(
          'SELECT table_name AS t FROM duckdb_tables() ORDER BY table_name',
        );
        expect(tables.length).toBeGreaterThan(20);
        for (const { t } of tables) {
          const [a] = await store.all<{ n: bigint }>(`SELECT count(*) AS n FROM "${t}"`);
          const [b] = await copyStore.all<{ n: bigint }>(`SELECT count(*) AS n FROM "${t}"`);
          expect(b.n, t).toBe(a.n);
        }
        await expect(copyStore.run('DELETE FROM games')).rejects.toThrow(/read-only/i);
      } finally {
        await copyStore.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
