// importMemoryLimit: DuckDB's cap during a foreign import grows with the games already stored
// (what cannot spill — indexes, stored games read back — grows with the store).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importMemoryLimit, refreshingOnce } from '../../loader/import/report.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

describe('importMemoryLimit', () => {
  it('is the base for an empty store and adds 1 MB per thousand stored games', () => {
    expect(importMemoryLimit(0)).toBe('256MB');
    expect(importMemoryLimit(1)).toBe('257MB');
    expect(importMemoryLimit(171_716)).toBe('428MB');
  });

  it.each([
    ['auto', '244.1 MiB'],
    ['512MB', '488.2 MiB'],
    ['off', '1.8 GiB'],
  ])(
    'IMPORT_MEMORY_LIMIT=%s sets the limit while the importer runs, and it is lifted afterwards',
    async (setting, expected) => {
      const dir = await mkdtemp(join(tmpdir(), 'ludex-import-memory-'));
      const store = await Store.open(join(dir, 'store.duckdb'), { memoryLimit: '2GB' });
      await migrate(store);
      const limit = async () => (await store.all<{ v: string }>(`SELECT current_setting('memory_limit') AS v`))[0].v;
      const before = await limit();
      let during = '';
      const importer = refreshingOnce(async () => {
        during = await limit();
        return { files: 0, created: 0, updated: 0, unchanged: 0, records: {}, skipped: [], rejectedFiles: [] };
      });
      await importer(store, [], { memoryLimit: setting, refresh: aggregateRefresh() });
      expect(during).toBe(expected);
      expect(await limit()).toBe(before);
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  );
});
