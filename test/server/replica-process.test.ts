// Read replicas as an operator runs them: a writer with REPLICA_PUBLISH=on and a second
// process started with `serve --replica <writer data dir>/replica`. The replica serves the
// writer's data, refuses writes with a 503 naming the writer, and picks up the writer's
// next publication after a materialization run.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveChild, stopChild, type ChildServer } from '../helpers/child-server.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-replica-process-');

async function text(url: string, init?: RequestInit): Promise<{ status: number; body: string }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.text() };
}

/** Polls until `check` holds (the replica checks the manifest every second). */
async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe('replica process', () => {
  it("serves the writer's publication, refuses writes, and follows the next publication", {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir();
    const writer = await serveChild({ env: { LUDEX_DATA_DIR: dir, REPLICA_PUBLISH: 'on', LUDEX_DEMO: 'on' } });
    let replica: ChildServer | undefined;
    try {
      const adminKey = writer.adminKey ?? '';
      expect(adminKey).not.toBe('');
      // The first publication follows the first load; wait for it before starting the replica.
      const published = await eventually(async () => existsSync(join(dir, 'replica', 'manifest.json')), 30_000);
      expect(published).toBe(true);
      // Co-located with the writer, the replica reads the writer's generated key secret.
      replica = await serveChild({
        env: { LUDEX_DATA_DIR: tempDir() },
        args: ['--replica', join(dir, 'replica')],
        ready: 'Ludex replica is serving',
      });

      for (const path of [
        '/v1/games?limit=5&sort=bayes_rating',
        '/v1/games/spirit-island?include=polls,credits',
        '/v1/search?q=catan',
      ]) {
        const [a, b] = [await text(`${writer.url}${path}`), await text(`${replica.url}${path}`)];
        expect(b.status, path).toBe(200);
        expect(b.body, path).toBe(a.body);
      }
      const refused = await text(`${replica.url}/v1/games/catan/ratings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
        body: JSON.stringify({ rating: 7 }),
      });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body).detail).toMatch(/read replica/);

      const before = JSON.parse((await text(`${replica.url}/v1/games/catan`)).body) as { rating_votes: number };
      const voted = await text(`${writer.url}/v1/games/catan/ratings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
        body: JSON.stringify({ rating: 10 }),
      });
      expect(voted.status).toBe(201);
      const run = await text(`${writer.url}/v1/admin/materialize`, {
        method: 'POST',
        headers: { 'x-api-key': adminKey },
      });
      expect(run.status, run.body).toBe(200);
      const replicaPath = `${replica.url}/v1/games/catan`;
      const followed = await eventually(async () => {
        const game = JSON.parse((await text(replicaPath)).body) as { rating_votes: number };
        return game.rating_votes === before.rating_votes + 1;
      }, 30_000);
      expect(followed, replica.stderr()).toBe(true);
      expect((await text(replicaPath)).body).toBe((await text(`${writer.url}/v1/games/catan`)).body);
    } finally {
      if (replica) expect(await stopChild(replica.process)).toBe(0);
      expect(await stopChild(writer.process)).toBe(0);
    }
  });
});
