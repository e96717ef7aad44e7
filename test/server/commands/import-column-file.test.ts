// An import ends by writing the column file the next `serve` starts from, unless it changed
// nothing: then the file still names the store's data version and is left as it is (an
// unchanged `import bgg` of the whole folder spent most of its time rewriting it).

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { columnFileDataVersion, columnFilePath } from '../../../loader/columns/column-file.js';
import { readDataVersion, Store } from '../../../loader/store.js';
import { runCli } from '../../../server/cli.js';
import { STORE_FILE_NAME } from '../../../server/config.js';
import { DEMO_CATALOG_PATH } from '../../../server/store-setup.js';
import { tempDirs } from '../../helpers/temp.js';

const tempDir = tempDirs('ludex-import-columns-');

async function storeVersion(storePath: string): Promise<string | undefined> {
  const store = await Store.open(storePath, { readOnly: true });
  try {
    return await readDataVersion(store);
  } finally {
    await store.close();
  }
}

describe('the column file after an import', () => {
  it('is written when the import changed the store and left alone when it changed nothing', async () => {
    const dir = tempDir();
    const env = { ...process.env, LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const storePath = join(dir, STORE_FILE_NAME);
    const file = columnFilePath(storePath);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const json = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await runCli(['import', 'catalog', DEMO_CATALOG_PATH], env)).toBe(0);
      const first = await storeVersion(storePath);
      expect(first).toBeDefined();
      expect(columnFileDataVersion(file)).toBe(first);
      const written = statSync(file);

      // The same catalog again: nothing changes, so neither the version nor the file does.
      expect(await runCli(['import', 'catalog', DEMO_CATALOG_PATH], env)).toBe(0);
      expect(await storeVersion(storePath)).toBe(first);
      const kept = statSync(file);
      expect(kept.mtimeMs).toBe(written.mtimeMs);
      expect(kept.ino).toBe(written.ino);

      // One game renamed: a new version, and the file follows it.
      const lines = readFileSync(DEMO_CATALOG_PATH, 'utf8').split('\n');
      const at = lines.findIndex((line) => line.includes('"kind":"game"'));
      const game = JSON.parse(lines[at]) as { name: string };
      lines[at] = JSON.stringify({ ...game, name: `${game.name} (revised)` });
      const changed = join(dir, 'changed.jsonl');
      writeFileSync(changed, lines.join('\n'));
      expect(await runCli(['import', 'catalog', changed], env)).toBe(0);
      const second = await storeVersion(storePath);
      expect(second).not.toBe(first);
      expect(columnFileDataVersion(file)).toBe(second);
    } finally {
      quiet.mockRestore();
      json.mockRestore();
    }
  }, 120_000);
});
