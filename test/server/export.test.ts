// GET /v1/export/games against the demo catalog: both formats re-parse into exactly the games
// GET /v1/games pages through, filters and their problems are the list's, and the manifest
// and headers agree with the body.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CSV_COLUMN_NAMES } from '../../server/export/csv.js';
import { EXPORT_SCHEMA_VERSION } from '../../server/export/manifest.js';
import { gameSchema, problemSchema } from '../../server/schemas/responses/common.js';
import { exportManifestLineSchema } from '../../server/schemas/responses/export.js';
import { call, collect, demoApp, type GameJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
let all: GameJson[];

beforeAll(async () => {
  t = await demoApp();
  all = (await collect(t.app, '/v1/games?limit=100&include=mechanics,categories,themes')).items;
});
afterAll(async () => t.close());

interface JsonlExport {
  manifest: z.infer<typeof exportManifestLineSchema>['_manifest'];
  games: GameJson[];
  headers: Headers;
}

async function exportJsonl(query = ''): Promise<JsonlExport> {
  const reply = await call(t.app, `/v1/export/games${query}`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.text.endsWith('\n')).toBe(true);
  const lines = reply.text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  const manifest = exportManifestLineSchema.strict().parse(lines[0])._manifest;
  const games = lines.slice(1).map((line) => gameSchema.strict().parse(line) as GameJson);
  return { manifest, games, headers: reply.headers };
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; rows end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

async function exportCsv(query = ''): Promise<{ records: Record<string, string>[]; headers: Headers }> {
  const reply = await call(t.app, `/v1/export/games?format=csv${query}`);
  expect(reply.status, reply.text).toBe(200);
  const [header, ...rows] = parseCsv(reply.text);
  expect(header).toEqual(CSV_COLUMN_NAMES);
  const records = rows.map((cells) => {
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]]));
  });
  return { records, headers: reply.headers };
}

const withoutEmbeds = (g: GameJson): GameJson => {
  const { mechanics: _m, categories: _c, themes: _t, ...rest } = g;
  return rest as GameJson;
};
const slugsOf = (items: unknown) => (items as { slug: string }[]).map((x) => x.slug).join('|');
const cellOf = (value: unknown): string =>
  value === null ? '' : Array.isArray(value) ? value.join('|') : String(value);

describe('GET /v1/export/games as JSONL', () => {
  it('re-parses into exactly the games GET /v1/games pages through, in the same order', async () => {
    const { manifest, games, headers } = await exportJsonl();
    expect(games.length).toBe(all.length);
    expect(games).toEqual(all.map(withoutEmbeds));
    expect(headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(manifest).toMatchObject({
      format: 'jsonl',
      row_count: all.length,
      schema_version: EXPORT_SCHEMA_VERSION,
      filters_applied: {},
      includes: [],
    });
    expect(headers.get('x-export-format')).toBe('jsonl');
    expect(headers.get('x-export-row-count')).toBe(String(all.length));
    expect(headers.get('x-export-schema-version')).toBe(EXPORT_SCHEMA_VERSION);
    expect(headers.get('x-export-generated-at')).toBe(manifest.generated_at);
    expect(Date.parse(manifest.generated_at)).not.toBeNaN();
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="ludex-games-\d{8}T\d{6}Z\.jsonl"$/);
  });

  it('applies the list filters (players=4) and echoes them in the manifest', async () => {
    const listed = (await collect(t.app, '/v1/games?players=4&limit=100')).items;
    const { manifest, games, headers } = await exportJsonl('?players=4');
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.length).toBeLessThan(all.length);
    expect(games).toEqual(listed);
    expect(manifest.row_count).toBe(listed.length);
    expect(headers.get('x-export-row-count')).toBe(String(listed.length));
    expect(manifest.filters_applied).toEqual({ players: 4 });
  });

  it('applies aliases, lists and combined filters like the list does', async () => {
    const mechanic = slugsOf(all[0].mechanics).split('|')[0];
    const query = `?mechanic=${mechanic}&type=base_game,standalone_expansion&weight_min=1.5`;
    const listed = (await collect(t.app, `/v1/games${query}&limit=100`)).items;
    expect(listed.length).toBeGreaterThan(0);
    expect((await exportJsonl(query)).games).toEqual(listed);
  });

  it('carries matched_via in effective mode, as the list does', async () => {
    const listed = (await collect(t.app, '/v1/games?players=6&effective=true&limit=100')).items;
    const { games } = await exportJsonl('?players=6&effective=true');
    expect(games).toEqual(listed);
    const spirit = games.find((g) => g.slug === 'spirit-island');
    expect(spirit?.matched_via).toMatchObject({ type: 'expansion_combination' });
  });

  it('streams an empty export as a manifest alone', async () => {
    const { manifest, games } = await exportJsonl('?players=1000');
    expect(games).toEqual([]);
    expect(manifest.row_count).toBe(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.fetch(new Request('http://ludex.test/v1/export/games?players=4', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-export-row-count'))).toBeGreaterThan(10);
    expect(await response.text()).toBe('');
  });
});

describe('GET /v1/export/games as CSV', () => {
  it('re-parses into the same games, field for field, with pipe-joined lists', async () => {
    const { records, headers } = await exportCsv();
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(headers.get('x-export-format')).toBe('csv');
    expect(headers.get('x-export-row-count')).toBe(String(all.length));
    expect(headers.get('content-disposition')).toMatch(/\.csv"$/);
    expect(records.map((r) => r.id)).toEqual(all.map((g) => g.id));
    const scalar = CSV_COLUMN_NAMES.filter(
      (name) => name in all[0] && !['mechanics', 'categories', 'themes', 'rank_by_category'].includes(name),
    );
    expect(scalar.length).toBeGreaterThan(30);
    records.forEach((record, i) => {
      const game = all[i];
      for (const name of scalar) expect(record[name], `${game.slug}.${name}`).toBe(cellOf(game[name]));
      const ranks = game.rank_by_category as Record<string, number> | null;
      expect(record.rank_by_category).toBe(
        ranks === null
          ? ''
          : Object.entries(ranks)
              .map(([k, v]) => `${k}:${v}`)
              .join('|'),
      );
      for (const kind of ['mechanics', 'categories', 'themes'])
        expect(record[kind], `${game.slug}.${kind}`).toBe(slugsOf(game[kind]));
      expect(record.matched_via_expansions).toBe('');
    });
  });

  it('quotes fields holding commas, quotes or line breaks so they survive the round trip', async () => {
    const { records } = await exportCsv();
    const tricky = all.filter((g) => typeof g.description === 'string' && /[",\n]/.test(g.description));
    expect(tricky.length).toBeGreaterThan(0);
    for (const g of tricky) expect(records.find((r) => r.id === g.id)?.description).toBe(g.description);
  });

  it('applies filters and fills the matched_via columns in effective mode', async () => {
    const listed = (await collect(t.app, '/v1/games?players=6&effective=true&limit=100')).items;
    const { records, headers } = await exportCsv('&players=6&effective=true');
    expect(headers.get('x-export-row-count')).toBe(String(listed.length));
    expect(records.map((r) => r.slug)).toEqual(listed.map((g) => g.slug));
    const spirit = records.find((r) => r.slug === 'spirit-island');
    const via = listed.find((g) => g.slug === 'spirit-island')?.matched_via as {
      expansions: { slug: string }[];
      resolution_tier: number;
    };
    expect(spirit?.matched_via_expansions).toBe(via.expansions.map((e) => e.slug).join('|'));
    expect(spirit?.matched_via_resolution_tier).toBe(String(via.resolution_tier));
  });
});

describe('GET /v1/export/games problems', () => {
  const cases: [string, number, string][] = [
    ['?players=abc', 400, 'players'],
    ['?weight_min=4&weight_max=2', 400, 'weight_min'],
    ['?themez=dragons', 400, 'themez'],
    ['?format=xml', 400, 'format'],
    ['?sort=rating', 400, 'sort'],
    ['?limit=10', 400, 'limit'],
    ['?cursor=abc', 400, 'cursor'],
    ['?include=mechanics', 400, 'include'],
    ['?mechanic=no-such-mechanic', 422, 'mechanic'],
    ['?format=csv&designer=nobody-at-all', 422, 'designer'],
  ];
  it.each(cases)('%s is a %i problem naming %s, the same as the list gives', async (query, status, field) => {
    const reply = await call(t.app, `/v1/export/games${query}`);
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const problem = problemSchema.strict().parse(reply.body);
    expect(problem.errors?.map((e) => e.field)).toContain(field);
    expect(problem.instance).toBe('/v1/export/games');
    if (!['format', 'sort', 'limit', 'cursor', 'include'].includes(field)) {
      const listed = await call(t.app, `/v1/games${query.replace('format=csv&', '')}`);
      expect(listed.status).toBe(status);
      expect((listed.body as { errors: unknown }).errors).toEqual(problem.errors);
    }
  });

  it('suggests the closest filter name for a typo', async () => {
    const reply = await call(t.app, '/v1/export/games?playerz=4');
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('did you mean \\"players\\"');
  });
});
