// An app over an in-memory store holding the demo catalog: what the in-process HTTP tests
// and the listener suite share. Any 500 answered through `call` fails the calling test.

import { expect } from 'vitest';
import type { H3 } from 'h3';
import { buildDataset } from '../../engine/index.js';
import { importCatalog } from '../../loader/catalog/import.js';
import { readLines } from '../../loader/lines.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp, type AppDeps } from '../../server/app.js';
import { ApiKeys } from '../../server/auth/api-keys.js';
import { loadConfig } from '../../server/config.js';
import { CursorCodec } from '../../server/cursor.js';
import { loadDataset } from '../../server/dataset-loader.js';
import { silentLogger, streamLogger, type Logger } from '../../server/logger.js';
import { Materializer } from '../../server/materializer.js';
import { DatasetState } from '../../server/state.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

export interface TestApp {
  app: H3;
  store: Store;
  state: DatasetState;
  close(): Promise<void>;
}

export const TEST_BASE_URL = 'http://ludex.test';

export async function demoApp(): Promise<TestApp> {
  const store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  const app = createApp(testAppDeps(store, state));
  return { app, store, state, close: () => store.close() };
}

export const TEST_API_KEY_SECRET = 'test-api-key-secret-0123456789abcdef';

/**
 * Everything createApp needs around a store and a state, as the server wires it (keys
 * under a fixed test secret, a materializer that reloads `state`); `overrides` replace parts.
 */
export function testAppDeps(store: Store, state: DatasetState, overrides: Partial<AppDeps> = {}): AppDeps {
  const reload = async () => state.swap(await loadDataset(store));
  return {
    state,
    store,
    cursors: new CursorCodec('test-secret-0123456789'),
    keys: new ApiKeys(store, TEST_API_KEY_SECRET),
    materializer: new Materializer(store, loadConfig({}).aggregates, reload, silentLogger),
    publicBaseUrl: TEST_BASE_URL,
    ...overrides,
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function call(app: H3, path: string, init?: RequestInit): Promise<Reply> {
  const response = await app.fetch(new Request(`${TEST_BASE_URL}${path}`, init));
  const text = await response.text();
  expect(response.status, `${init?.method ?? 'GET'} ${path} answered 500: ${text}`).not.toBe(500);
  let body: unknown;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: response.status, headers: response.headers, body, text };
}

export interface GameJson {
  id: string;
  slug: string;
  name: string;
  type: string;
  sort_name: string;
  [field: string]: unknown;
}

export interface ListJson {
  data: GameJson[];
  meta: {
    total: number;
    limit: number;
    has_more: boolean;
    next_cursor?: string;
    prev_cursor?: string;
    [k: string]: unknown;
  };
  _links: { self: { href: string }; next?: { href: string }; prev?: { href: string } };
}

/** Follows `next` links from `path` to the end; returns every item in order. */
export async function collect(app: H3, path: string): Promise<{ items: GameJson[]; pages: ListJson[] }> {
  const pages: ListJson[] = [];
  let href: string | undefined = path;
  while (href) {
    const reply = await call(app, href);
    expect(reply.status, reply.text).toBe(200);
    const page = reply.body as ListJson;
    pages.push(page);
    href = page._links.next?.href;
    if (pages.length > 1000) throw new Error('paging does not end');
  }
  return { items: pages.flatMap((p) => p.data), pages };
}

/** demoApp with parts of AppDeps replaced: edge settings, metrics, logger, probes. */
export async function demoAppWith(
  overrides: (store: Store, state: DatasetState) => Partial<AppDeps>,
): Promise<TestApp & { deps: AppDeps }> {
  const store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  const state = new DatasetState(buildDataset(await loadDatasetInput(store)));
  const deps = testAppDeps(store, state);
  Object.assign(deps, overrides(store, state));
  const app = createApp(deps);
  return { app, store, state, deps, close: () => store.close() };
}

/** A logger with the server's options whose JSON lines land in `lines`. */
export function capturedLogger(level = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = streamLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
