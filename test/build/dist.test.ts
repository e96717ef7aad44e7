// The production build: `npm run build` output runs on plain Node (no tsx), finds its run-time
// files (the demo catalog first of all) from dist/, and answers exactly what the sources do.
// Built once into a temporary folder, so dist/ is never disturbed.

import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist } from '../../scripts/build.js';
import { call, demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';
import { type ChildServer, killChild, serveChild } from '../helpers/child-server.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-dist-');

/** What two stores legitimately differ in: import times, and cursors (signed with a per-store secret). */
function comparable(text: string): unknown {
  return JSON.parse(
    text
      .replace(/"(updated_at|created_at|next_cursor|prev_cursor)":"[^"]*"/g, '"$1":"…"')
      .replace(/(cursor|before)=[^"&]*/g, '$1=…'),
  );
}

const PATHS = [
  '/v1',
  '/v1/games?players=4&weight_min=2&weight_max=3.5&max_playtime=90&type=base_game',
  '/v1/games/spirit-island?include=credits,awards,mechanics',
  '/v1/games?players=6&effective=true&mode=cooperative&type=base_game',
  '/v1/games?mode=cooperative&sort=weight&order=desc&limit=5',
  '/v1/games?themez=space',
  '/v1/mechanics?limit=100',
  '/v1/openapi.json',
];

describe('npm run build', () => {
  let server: ChildServer;
  let sources: TestApp;
  let built: Awaited<ReturnType<typeof buildDist>>;

  beforeAll(async () => {
    const root = tempDir();
    const outdir = join(root, 'dist');
    built = await buildDist(outdir);
    // The production dependencies, found the way an installed copy finds them: one folder up.
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
    [server, sources] = await Promise.all([
      serveChild({
        entry: [join(outdir, 'server', 'ludex.js')],
        env: {
          LUDEX_DATA_DIR: tempDir(),
          NODE_ENV: 'production',
          API_KEY_SECRET: 'dist-test-secret-0123456789abcdef',
          PUBLIC_BASE_URL: TEST_BASE_URL,
          LOG_LEVEL: 'info',
        },
      }),
      demoApp(),
    ]);
  }, 120_000);
  afterAll(async () => {
    if (server) await killChild(server.process);
    await sources?.close();
  });

  it('copies the files read at run time next to the code that reads them', () => {
    expect(built.assets).toEqual(
      expect.arrayContaining(['loader/demo/catalog.jsonl', 'loader/import/mappings/bgg-terms.json']),
    );
  });

  it('serves the demo catalog with the same answers as the sources', async () => {
    for (const path of PATHS) {
      const fromDist = await fetch(`${server.url}${path}`);
      const fromSources = await call(sources.app, path);
      expect(fromDist.status, path).toBe(fromSources.status);
      expect(comparable(await fromDist.text()), path).toEqual(comparable(fromSources.text));
    }
  });

  it('serves the interactive reference with its vendored script', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    const script = /<script src="([^"]+)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${server.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
