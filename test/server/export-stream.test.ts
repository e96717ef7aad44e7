// The export as a stream, over a synthetic catalog several pages long: it arrives in chunks,
// it pulls pages from the engine only as the reader asks (so a slow client cannot make the
// server buffer the catalog), and the streamed rows are the whole filtered catalog, in order.

import { testAppDeps } from '../helpers/app.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../bench/generate.js';
import { buildDataset, type DatasetApi, type Query } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { CursorCodec } from '../../server/cursor.js';
import { EXPORT_PAGE_ROWS } from '../../server/export/stream.js';
import { DatasetState } from '../../server/state.js';

const GAMES = 2600;
let store: Store;
let dataset: DatasetApi;
/** Every query the app sends to the Dataset, in order. */
const queries: Query[] = [];

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await generateCatalog(store, { games: GAMES });
  dataset = buildDataset(await loadDatasetInput(store));
}, 60_000);
afterAll(async () => store?.close());

/** An app over a Dataset that records its queries (the export must ask page by page). */
function countingApp(options: { failOnQuery?: number; log?: string[] } = {}) {
  queries.length = 0;
  const counting = new Proxy(dataset, {
    get(target, key, receiver) {
      if (key === 'query')
        return (q: Query) => {
          queries.push(q);
          if (queries.length === options.failOnQuery) throw new Error('engine failure for the test');
          return target.query(q);
        };
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const log = options.log;
  const logger = log ? pino({ level: 'error' }, { write: (line: string) => void log.push(line) }) : undefined;
  const state = new DatasetState(counting);
  return createApp({
    ...testAppDeps(store, state),
    cursors: new CursorCodec('stream-test-secret-0123'),
    publicBaseUrl: 'http://ludex.test',
    logger,
  });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    text += decoder.decode(next.value, { stream: true });
    chunks++;
  }
  return { text: text + decoder.decode(), chunks };
}

describe('export streaming', () => {
  it('streams the whole catalog in page-sized chunks, by name then id, each game once', async () => {
    const app = countingApp();
    const response = await app.fetch(new Request('http://ludex.test/v1/export/games'));
    expect(response.status).toBe(200);
    expect(response.body).not.toBeNull();
    const { text, chunks } = await readAll(response.body as ReadableStream<Uint8Array>);
    const pages = Math.ceil(GAMES / EXPORT_PAGE_ROWS);
    expect(chunks).toBe(1 + pages);
    expect(queries).toHaveLength(pages);
    expect(queries.every((q) => q.limit === EXPORT_PAGE_ROWS && q.sort === 'name' && q.order === 'asc')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ _manifest: { row_count: GAMES } });
    const games = lines.slice(1) as { id: string; sort_name: string }[];
    expect(games).toHaveLength(GAMES);
    expect(new Set(games.map((g) => g.id)).size).toBe(GAMES);
    for (let i = 1; i < games.length; i++) {
      const [a, b] = [games[i - 1], games[i]];
      expect(a.sort_name < b.sort_name || (a.sort_name === b.sort_name && a.id < b.id), `${a.id} before ${b.id}`).toBe(
        true,
      );
    }
  });

  it('pulls pages only as the reader reads, and stops when the reader cancels', async () => {
    const app = countingApp();
    const response = await app.fetch(new Request('http://ludex.test/v1/export/games?format=csv'));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // header row
    await reader.read(); // first page
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Read two chunks: the first page plus at most one page queued ahead (highWaterMark 1).
    expect(queries.length).toBeLessThanOrEqual(3);
    await reader.cancel();
    const asked = queries.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries.length).toBe(asked);
    expect(asked).toBeLessThan(Math.ceil(GAMES / EXPORT_PAGE_ROWS));
  });

  it('streams a filtered export that spans pages, and its count matches the header', async () => {
    const app = countingApp();
    const response = await app.fetch(new Request('http://ludex.test/v1/export/games?players=2&format=csv'));
    const declared = Number(response.headers.get('x-export-row-count'));
    expect(declared).toBeGreaterThan(EXPORT_PAGE_ROWS);
    expect(declared).toBe(dataset.query({ filter: { players: 2 }, sort: 'name', order: 'asc', limit: 1 }).total);
    const { text } = await readAll(response.body as ReadableStream<Uint8Array>);
    // No description in the synthetic catalog spans lines, so rows are lines here.
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + declared);
  });

  it('aborts the body and logs the cause when a page fails after the headers are sent', async () => {
    const log: string[] = [];
    const app = countingApp({ failOnQuery: 3, log });
    const response = await app.fetch(new Request('http://ludex.test/v1/export/games'));
    expect(response.status).toBe(200);
    await expect(readAll(response.body as ReadableStream<Uint8Array>)).rejects.toThrow('engine failure for the test');
    expect(log.join('\n')).toContain('export aborted mid-stream');
    expect(queries).toHaveLength(3);
  });
});
