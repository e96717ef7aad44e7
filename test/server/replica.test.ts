// Read replicas in-process: a writer publishes; a replica app over the publication answers
// reads exactly like the writer, refuses writes and admin routes with a 503 naming the
// writer, and follows a new publication after materialization.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { H3 } from 'h3';
import { loadDatasetWithInput } from '../../server/dataset-loader.js';
import { ApiKeys } from '../../server/auth/api-keys.js';
import { createApp } from '../../server/app.js';
import { silentLogger } from '../../server/logger.js';
import { ReplicaFollower, StoreSlot, openPublishedVersion } from '../../server/replica.js';
import { ReplicaPublisher } from '../../server/replica-publisher.js';
import { DatasetState } from '../../server/state.js';
import { call, demoApp, testAppDeps, TEST_API_KEY_SECRET, type TestApp } from '../helpers/app.js';

const WRITER = 'http://writer.example:8080';

let writer: TestApp;
let dataDir: string;
let publisher: ReplicaPublisher;
let replica: H3;
let follower: ReplicaFollower;
let slot: StoreSlot;
let adminKey: string;

beforeAll(async () => {
  writer = await demoApp();
  dataDir = mkdtempSync(join(tmpdir(), 'ludex-replica-'));
  publisher = new ReplicaPublisher(writer.store, dataDir, WRITER, silentLogger);
  adminKey = (await new ApiKeys(writer.store, TEST_API_KEY_SECRET).create({ admin: true, name: 'admin' })).key;
  await publisher.publish(await loadDatasetWithInput(writer.store));
  const opened = await openPublishedVersion(publisher.dir, '1GB');
  slot = new StoreSlot(opened.store);
  const state = new DatasetState(opened.dataset);
  const store = slot.handle();
  replica = createApp({ ...testAppDeps(store, state), replicaOf: opened.manifest.writer });
  follower = new ReplicaFollower(slot, state, opened.manifest, {
    dir: publisher.dir,
    memoryLimit: '1GB',
    intervalMs: 60_000,
    graceMs: 10,
    logger: silentLogger,
  });
});

afterAll(async () => {
  await follower.stop();
  await slot.current.close();
  await writer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const READS = [
  '/v1/games?limit=30&sort=bayes_rating',
  '/v1/games?mechanics=cooperative&players=4&effective=true',
  '/v1/games/spirit-island?include=polls,credits,awards,mechanics',
  '/v1/games/spirit-island/experience-playtime',
  '/v1/games/spirit-island/player-count-ratings',
  '/v1/games/spirit-island/credits',
  '/v1/games/spirit-island/polls',
  '/v1/search?q=spirit',
  '/v1/mechanics',
  '/v1/designers?limit=5',
];

describe('read replica', () => {
  it('answers every read exactly as the writer does', async () => {
    for (const path of READS) {
      const fromWriter = await call(writer.app, path);
      const fromReplica = await call(replica, path);
      expect(fromReplica.status, path).toBe(200);
      expect(fromReplica.text, path).toBe(fromWriter.text);
    }
  });

  it('refuses writes and admin routes with a 503 that names the writer', async () => {
    const attempts: [string, RequestInit][] = [
      ['/v1/games/catan/ratings', { method: 'POST', body: JSON.stringify({ rating: 5 }) }],
      ['/v1/games/catan/weight', { method: 'POST', body: JSON.stringify({ weight: 2 }) }],
      ['/v1/admin/materialize', { method: 'POST' }],
      ['/v1/admin/api-keys', { method: 'GET' }],
    ];
    for (const [path, init] of attempts) {
      const reply = await call(replica, path, {
        ...init,
        headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
      });
      expect(reply.status, path).toBe(503);
      expect((reply.body as { detail: string }).detail).toContain(WRITER);
    }
  });

  it('follows a new publication: a vote materialized on the writer shows on the replica after the switch', async () => {
    const before = (await call(replica, '/v1/games/catan')).body as { rating_votes: number };
    const vote = await call(writer.app, '/v1/games/catan/ratings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
      body: JSON.stringify({ rating: 10 }),
    });
    expect(vote.status).toBe(201);
    const run = await call(writer.app, '/v1/admin/materialize', { method: 'POST', headers: { 'x-api-key': adminKey } });
    expect(run.status, run.text).toBe(200);
    expect(await follower.check()).toBe(false);
    const oldVersion = follower.currentVersion;
    await publisher.publish(await loadDatasetWithInput(writer.store));
    expect(await follower.check()).toBe(true);
    expect(follower.currentVersion).not.toBe(oldVersion);
    const after = (await call(replica, '/v1/games/catan')).body as { rating_votes: number };
    expect(after.rating_votes).toBe(before.rating_votes + 1);
    expect((await call(replica, '/v1/games/catan')).text).toBe((await call(writer.app, '/v1/games/catan')).text);
  });

  it('keeps only the current and the previous version on disk', async () => {
    for (let i = 0; i < 3; i++) await publisher.publish(await loadDatasetWithInput(writer.store));
    const versions = readdirSync(publisher.dir).filter((n) => n.startsWith('v-'));
    expect(versions).toHaveLength(2);
    expect(readdirSync(publisher.dir)).toContain('manifest.json');
  });
});
