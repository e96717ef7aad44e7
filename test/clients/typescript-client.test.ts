// The typed client (clients/typescript) against the in-process app: its example lists every
// page of a filtered query and prints a typed problem for a bad one; paging follows cursors to
// the last page; and its generated types are those of the document the server serves now.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample } from '../../clients/typescript/example.js';
import { createLudexClient, type LudexClient, LudexProblem } from '../../clients/typescript/src/index.js';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from '../../scripts/client-types.js';
import { call, demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';

let t: TestApp;
let client: LudexClient;

beforeAll(async () => {
  t = await demoApp();
  client = createLudexClient({ baseUrl: TEST_BASE_URL, fetch: async (request) => t.app.fetch(request) });
});
afterAll(() => t.close());

describe('the TypeScript client', () => {
  it('its example lists every page of a filtered query and prints a typed problem for a bad one', async () => {
    const lines: string[] = [];
    await runExample(client, (line) => lines.push(line));
    const expected = await call(
      t.app,
      '/v1/games?players=4&mode=cooperative&type=base_game&sort=rating&order=desc&limit=100',
    );
    const names = (expected.body as { data: { name: string }[] }).data.map((g) => g.name);
    expect(names.length).toBeGreaterThan(5);
    const listed = lines.filter((l) => /^ {2}\d+\. /.test(l)).map((l) => l.replace(/^ {2}\d+\. (.*) \(.*$/, '$1'));
    expect(listed).toEqual(names);
    expect(lines).toContain(`${names.length} games on ${Math.ceil(names.length / 5)} pages`);
    expect(lines).toContainEqual(expect.stringMatching(/^Validation Error \(400, validation-error\): /));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}weight_min: .*\[invalid_range\]$/));
  });

  it('pages through every game of the catalog, with filters and without', async () => {
    const all: string[] = [];
    for await (const game of client.games({ limit: 100 })) all.push(game.slug);
    expect(all.length).toBe(t.state.current.size);
    expect(new Set(all).size).toBe(all.length);
    const pages: number[] = [];
    for await (const page of client.searchPages({ mechanics: ['deck-building'], limit: 3 }))
      pages.push(page.data.length);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(0, -1).every((n) => n === 3)).toBe(true);
  });

  it('throws typed problems', async () => {
    const missing = await client.game('no-such-game').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(LudexProblem);
    expect((missing as LudexProblem).status).toBe(404);
    expect((missing as LudexProblem).problem.type).toBe(`${TEST_BASE_URL}/problems/not-found`);
    const game = await client.game('spirit-island', ['mechanics']);
    expect(game.name).toBe('Spirit Island');
  });

  it('is typed from the document the server serves now (npm run generate rewrites it)', async () => {
    const document = (await call(t.app, '/v1/openapi.json')).body;
    const current = await clientSchemaSource(document);
    expect(
      readFileSync(CLIENT_SCHEMA_PATH, 'utf8') === current,
      'clients/typescript/src/schema.ts is stale: run npm run generate',
    ).toBe(true);
  });
});
