// The reload after a materialization run (server/dataset-reload.ts): the Dataset it swaps in
// answers exactly as one built at once from the same store, first updated in place (rows
// kept), then rebuilt in the default order in the background (its input reordered in memory
// is what the store load reads); while it loads, requests are answered from the
// old Dataset (the load gives the event loop turns, so they are answered at all); a failed
// load swaps nothing and says so in the log.

import type { H3 } from 'h3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDataset, Dataset, FACET_DIMENSIONS, SORT_KEYS, type DatasetApi } from '../../engine/index.js';
import { importCatalog } from '../../loader/catalog/import.js';
import { readLines } from '../../loader/lines.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { runInSlices } from '../../loader/turns.js';
import { createApp } from '../../server/app.js';
import { loadDataset } from '../../server/dataset-loader.js';
import { type ColumnsRead, datasetReload } from '../../server/dataset-reload.js';
import { loadConfig } from '../../server/config.js';
import { Materializer } from '../../server/materializer.js';
import { DatasetState } from '../../server/state.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { call, testAppDeps } from '../helpers/app.js';
import { plainInput } from '../helpers/plain-input.js';

let store: Store;
let state: DatasetState;
let app: H3;
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  state = new DatasetState(await loadDataset(store));
  app = createApp(testAppDeps(store, state));
});
afterAll(async () => store.close());

/**
 * The games that most filters and every order see: enough answers to tell two Datasets apart.
 * With `ids`, those games' records, polls and experience by id (a Dataset updated in place
 * keeps its rows where they were); else every 7th row's record.
 */
function answers(dataset: DatasetApi, ids?: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const sort of SORT_KEYS)
    for (const order of ['asc', 'desc'] as const) {
      const page = dataset.query({ filter: {}, sort, order, limit: 100 });
      out.push({ sort, order, total: page.total, rows: page.rows.map((row) => dataset.game(row).id) });
    }
  out.push(dataset.facets({}, FACET_DIMENSIONS));
  out.push(dataset.facets({ players: 3, rating_min: 6 }, FACET_DIMENSIONS));
  out.push(
    dataset.query({ filter: { rating_min: 7, weight_max: 3 }, sort: 'rating', order: 'desc', limit: 100 }).total,
  );
  if (ids === undefined) {
    for (let row = 0; row < dataset.size; row += 7) out.push(dataset.game(row));
    return out;
  }
  for (const id of ids) {
    const row = dataset.row(id);
    if (row === undefined) throw new Error(`no game ${id}`);
    out.push(dataset.game(row), dataset.polls(row), dataset.experience(row));
  }
  return out;
}

async function gameName(slug: string): Promise<string> {
  const reply = await call(app, `/v1/games/${slug}`);
  expect(reply.status).toBe(200);
  return (reply.body as { name: string }).name;
}

describe('dataset reload', () => {
  it('swaps in a Dataset that answers as one built at once from the same store', async () => {
    const [top] = await store.all<{ id: string }>(
      `SELECT id FROM games WHERE status = 'active' ORDER BY bayes_rating DESC NULLS LAST, id LIMIT 1`,
    );
    // Aggregates as a run would change them: the top game falls to the bottom, ratings move.
    await store.run(`UPDATE games SET bayes_rating = 1, rating = 1 WHERE id = $1`, [top.id]);
    await store.run(`UPDATE games SET rating_votes = rating_votes + 3 WHERE rating_votes IS NOT NULL`);
    const before = state.current;
    await datasetReload({ store, state, logger })();
    expect(state.current).not.toBe(before);
    const fresh = buildDataset(await loadDatasetInput(store));
    fresh.prepare();
    expect(answers(state.current)).toEqual(answers(fresh));
    expect(answers(state.current)).not.toEqual(answers(before));
  });

  it('answers requests from the old Dataset until the one swap', async () => {
    const [game] = await store.all<{ slug: string; name: string }>(
      `SELECT slug, name FROM games WHERE status = 'active' ORDER BY slug LIMIT 1`,
    );
    const oldName = await gameName(game.slug);
    await store.run(`UPDATE games SET name = $1 WHERE slug = $2`, [`${game.name} (renamed)`, game.slug]);
    const old = state.current;
    let done = false;
    const reloading = datasetReload({ store, state, logger })().finally(() => {
      done = true;
    });
    let answeredDuringReload = 0;
    while (!done && answeredDuringReload < 10_000) {
      const name = await gameName(game.slug);
      if (done) break;
      // still loading: the old Dataset, whole
      expect(state.current).toBe(old);
      expect(name).toBe(oldName);
      answeredDuringReload++;
    }
    await reloading;
    expect(answeredDuringReload).toBeGreaterThan(0);
    expect(await gameName(game.slug)).toBe(`${game.name} (renamed)`);
  });

  it('keeps the old Dataset when the load fails, and logs it', async () => {
    const old = state.current;
    const loadedAt = state.loadedAt;
    logLines.length = 0;
    await store.run('ALTER TABLE alternate_names RENAME TO alternate_names_away');
    try {
      await expect(datasetReload({ store, state, logger })()).rejects.toThrow(/alternate_names/);
    } finally {
      await store.run('ALTER TABLE alternate_names_away RENAME TO alternate_names');
    }
    expect(state.current).toBe(old);
    expect(state.loadedAt).toBe(loadedAt);
    const errors = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(errors).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'dataset reload failed: still serving the previous Dataset' }),
    );
    // and the next reload works again
    await datasetReload({ store, state, logger })();
    expect(state.current).not.toBe(old);
  });
});

async function freshDataset(): Promise<Dataset> {
  const fresh = buildDataset(await loadDatasetInput(store));
  fresh.prepare();
  return fresh;
}

const messages = (): string[] => logLines.map((line) => (JSON.parse(line) as { msg: string }).msg);

/** Resolves once the log says `msg` (the background load logs when it is done). */
async function logged(msg: string): Promise<void> {
  for (let i = 0; i < 2000 && !messages().includes(msg); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(messages()).toContain(msg);
}

describe('dataset reload in place', () => {
  it('serves a run’s new aggregates at once from the Dataset updated in place, then from its rows put back in the default order', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const ids = [...serving.ids];
    // What a run changes: geek ratings reorder the games, counts and polls move, updated_at is stamped.
    await store.run(`UPDATE games SET bayes_rating = 10 - bayes_rating, rating = rating / 2, trending_score = 7,
      rating_votes = rating_votes + 11, top_player_counts = [2], updated_at = TIMESTAMPTZ '2026-11-25 03:30:00+00'
      WHERE bayes_rating IS NOT NULL`);
    await store.run('DELETE FROM community_age_poll WHERE suggested_age > 10');
    logLines.length = 0;
    await datasetReload({ store, state: local, logger, serving })();
    expect(messages()).toContain('dataset updated in place');
    const updated = local.current;
    expect(updated).not.toBe(serving);
    expect(updated.row(ids[0])).toBe(serving.row(ids[0]));
    const fresh = await freshDataset();
    expect(answers(updated, ids)).toEqual(answers(fresh, ids));
    expect(answers(updated, ids)).not.toEqual(answers(serving, ids));
    // Its input, put back in the default order in memory, is what a load from the store reads now.
    if (!(updated instanceof Dataset)) throw new Error('the reload swapped in no Dataset');
    const inOrder = await runInSlices(updated.inDefaultOrderSteps());
    expect(inOrder.reordered).toBe(true);
    expect(plainInput(inOrder.input)).toEqual(plainInput(await loadDatasetInput(store)));
    await logged('dataset rebuilt in the default order');
    expect(local.current).not.toBe(updated);
    expect(answers(local.current)).toEqual(answers(fresh));
  });

  it('loads the Dataset whole when the visible games are not the served ones', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const [hidden] = await store.all<{ id: string }>(
      `SELECT id FROM games WHERE status = 'active' ORDER BY id LIMIT 1`,
    );
    await store.run(`UPDATE games SET status = 'hidden' WHERE id = $1`, [hidden.id]);
    try {
      logLines.length = 0;
      await datasetReload({ store, state: local, logger, serving })();
      expect(messages()).toContain('the visible games changed since the Dataset was loaded: loading it whole');
      expect(messages()).not.toContain('dataset updated in place');
      expect(local.current.row(hidden.id)).toBeUndefined();
      expect(answers(local.current)).toEqual(answers(await freshDataset()));
    } finally {
      await store.run(`UPDATE games SET status = 'active' WHERE id = $1`, [hidden.id]);
    }
  });

  it('ends on the latest values when runs follow each other before the background loads finish', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const reload = datasetReload({ store, state: local, logger, serving });
    logLines.length = 0;
    await store.run('UPDATE games SET trending_score = rating_votes');
    await reload();
    await store.run('UPDATE games SET trending_score = -rating_votes');
    await reload();
    await reload.settled();
    expect(messages().filter((m) => m === 'dataset rebuilt in the default order')).toHaveLength(2);
    expect(answers(local.current)).toEqual(answers(await freshDataset()));
  });

  it('applies the columns a run read in its transaction, before the commit, without reading the store again', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const ids = [...serving.ids];
    const reload = datasetReload({ store, state: local, logger, serving });
    let read: ColumnsRead | undefined;
    await store.transaction(async (tx) => {
      await tx.run('UPDATE games SET trending_score = rating_votes * 3, rating = rating / 3');
      read = await reload.read(tx);
    });
    expect(read?.dataset).toBe(serving);
    const storeRead = vi.spyOn(store, 'numberColumns');
    try {
      logLines.length = 0;
      await reload(read);
      expect(storeRead).not.toHaveBeenCalled();
    } finally {
      storeRead.mockRestore();
    }
    const line = logLines.map((l) => JSON.parse(l) as { msg: string; read_in_run?: boolean });
    expect(line.find((l) => l.msg === 'dataset updated in place')?.read_in_run).toBe(true);
    const fresh = await freshDataset();
    expect(answers(local.current, ids)).toEqual(answers(fresh, ids));
    expect(answers(local.current, ids)).not.toEqual(answers(serving, ids));
    await reload.settled();
  });

  it('loads whole when the Dataset a read was made for is no longer the served one', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const reload = datasetReload({ store, state: local, logger, serving });
    let stale: ColumnsRead | undefined;
    await store.transaction(async (tx) => {
      await tx.run('UPDATE games SET trending_score = -rating_votes');
      stale = await reload.read(tx);
    });
    await reload();
    await reload.settled();
    await store.run('UPDATE games SET trending_score = rating_votes + 1');
    logLines.length = 0;
    await reload(stale);
    expect(messages()).toContain('the served Dataset changed since the run read its columns: loading it whole');
    expect(messages()).not.toContain('dataset updated in place');
    expect(answers(local.current)).toEqual(answers(await freshDataset()));
    await reload.settled();
  });
});

describe('a materialization run served by the reload', () => {
  it('reads the new columns inside the run and serves them right after the commit', async () => {
    const serving = await loadDataset(store);
    const local = new DatasetState(serving);
    const reload = datasetReload({ store, state: local, logger, serving });
    const materializer = new Materializer(store, loadConfig({}).aggregates, reload, logger, reload.settled);
    const ids = [...serving.ids];
    await store.run(
      `INSERT INTO rating_votes (id, game_id, rating, created_at)
       SELECT 'reload-vote-' || i, $1, 1 + (i % 10), TIMESTAMPTZ '2026-11-25 03:00:00+00' FROM range(40) t(i)`,
      [ids[0]],
    );
    logLines.length = 0;
    const report = await materializer.run('api');
    expect(report.games_updated).toBeGreaterThan(0);
    expect(report.timings_ms.dataset_read).toBeGreaterThan(0);
    const line = logLines.map((l) => JSON.parse(l) as { msg: string; read_in_run?: boolean });
    expect(line.find((l) => l.msg === 'dataset updated in place')?.read_in_run).toBe(true);
    expect(answers(local.current, ids)).toEqual(answers(await freshDataset(), ids));
    expect(local.current.game(local.current.row(ids[0]) ?? -1)).not.toEqual(serving.game(serving.row(ids[0]) ?? -1));
    await reload.settled();
  });
});
