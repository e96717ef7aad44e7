// The column file on the demo catalog (every part non-empty there): written and read back,
// the Dataset it builds answers exactly as one built from the store; a missing file, a stale
// one (another data version, another build's format) or a corrupt one (truncated, garbage, a
// flipped byte, a format that is no number, another schema) is reported with its reason,
// never thrown.

import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { makeVector, RecordBatch, Schema, Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataset,
  GAME_LIST_COLUMNS,
  type Dataset,
  type DatasetInput,
  type GameListColumns,
  type Query,
} from '../../engine/index.js';
import { importCatalog } from '../../loader/catalog/import.js';
import {
  COLUMN_FILE_FORMAT,
  COLUMN_FILE_PARTS,
  columnFilePath,
  encodeColumnFile,
  readCheckedAt,
  readColumnFile,
  writeColumnFile,
  writeColumnFileInSlices,
} from '../../loader/columns/column-file.js';
import { DATASET_PARTS } from '../../loader/columns/dataset-parts.js';
import { readLines } from '../../loader/lines.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { readDataVersion, Store } from '../../loader/store.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

let store: Store;
let input: DatasetInput;
let original: Dataset;
let version: string;
let dir: string;
let path: string;

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await importCatalog(store, readLines(DEMO_CATALOG_PATH), { refresh: aggregateRefresh() });
  input = await loadDatasetInput(store);
  original = buildDataset(input);
  original.prepare();
  version = (await readDataVersion(store)) ?? '';
  dir = mkdtempSync(join(tmpdir(), 'ludex-columns-'));
  path = columnFilePath(join(dir, 'ludex.duckdb'));
  writeColumnFile(path, version, input, original.indexTables());
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The file read back, or the test fails with the reason it was refused. */
/** What every row of one list column reads. */
function listRows(lists: GameListColumns, name: (typeof GAME_LIST_COLUMNS)[number]): unknown[] {
  if (name === 'legacy_id_numeric') return lists.legacy_id_numeric;
  const column = lists[name];
  return Array.from({ length: column.length }, (_, row) => column.get(row));
}

function readBack(at = path): { input: DatasetInput; dataset: Dataset } {
  const read = readColumnFile(at, version);
  if (!read.ok) throw new Error(`${read.problem}: ${read.reason}`);
  const { input: decoded, indexes } = read.contents;
  return { input: decoded, dataset: buildDataset(decoded, { indexes }) };
}

/** A copy of the file with `change` applied to its bytes. */
function variant(name: string, change: (bytes: Buffer) => Buffer): string {
  const target = join(dir, name);
  writeFileSync(target, change(Buffer.from(readFileSync(path))));
  return target;
}

describe('column file', () => {
  it('lives next to the store, and the write leaves no temporary file behind', () => {
    expect(path).toBe(join(dir, 'ludex.duckdb.columns'));
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('holds every part, none of the demo input empty, with the store data version', () => {
    expect(COLUMN_FILE_PARTS.slice(0, DATASET_PARTS.length)).toEqual([...DATASET_PARTS]);
    expect(version).toMatch(/^[0-9a-f-]{36}$/);
    expect(input.modifications.length).toBeGreaterThan(0);
    expect(input.combinations.length).toBeGreaterThan(0);
    expect(input.gameAwards.game.length).toBeGreaterThan(0);
    expect(input.alternateNames.game.length).toBeGreaterThan(0);
    for (const section of Object.values(input.community))
      expect(section.length ?? section.game.length).toBeGreaterThan(0);
    const read = readColumnFile(path, version);
    expect(read.ok && read.contents.dataVersion).toBe(version);
  });

  it('reads back an input equal to the one written', () => {
    const { input: decoded } = readBack();
    const { games: decodedGames, lists: decodedLists, ...decodedRest } = decoded;
    const { games: originalGames, lists: originalLists, ...originalRest } = input;
    expect(decodedRest).toEqual(originalRest);
    // The list columns read back parse their JSON per row: compare what each row reads.
    expect(Object.keys(decodedLists).sort()).toEqual([...GAME_LIST_COLUMNS].sort());
    for (const name of GAME_LIST_COLUMNS) expect(listRows(decodedLists, name)).toEqual(listRows(originalLists, name));
    expect(originalLists.top_player_counts.get(0)).toEqual(expect.any(Array));
    expect(decodedGames.numRows).toBe(originalGames.numRows);
    expect(decodedGames.toArray().map((r) => r.toJSON())).toEqual(originalGames.toArray().map((r) => r.toJSON()));
  });

  it('builds a Dataset that answers like the one built from the store', () => {
    const { dataset: copy } = readBack();
    expect(copy.size).toBe(original.size);
    for (let row = 0; row < original.size; row++) {
      expect(copy.game(row)).toEqual(original.game(row));
      expect(copy.related(row)).toEqual(original.related(row));
      expect(copy.polls(row)).toEqual(original.polls(row));
      expect(copy.experience(row)).toEqual(original.experience(row));
    }
    const queries: Query[] = [
      { filter: {}, sort: 'name', order: 'asc', limit: 100 },
      { filter: {}, sort: 'rank', order: 'desc', limit: 100 },
      { filter: { weight_min: 2, weight_max: 3.5, playtime_max: 90 }, sort: 'rating', order: 'desc', limit: 40 },
      {
        filter: { mechanics: ['cooperative'], players: 4, effective: true },
        sort: 'bayes_rating',
        order: 'desc',
        limit: 50,
      },
    ];
    for (const q of queries) expect(JSON.stringify(copy.query(q))).toBe(JSON.stringify(original.query(q)));
    expect(copy.facets({ players: 3 }, ['mechanics', 'players'])).toEqual(
      original.facets({ players: 3 }, ['mechanics', 'players']),
    );
    expect(copy.search('spirit', 10)).toEqual(original.search('spirit', 10));
    expect(copy.people()).toEqual(original.people());
    expect(copy.terms('mechanic')).toEqual(original.terms('mechanic'));
  });

  it('writes in slices, giving the event loop turns, the same bytes as at once, and leaves no temporary file', async () => {
    const target = join(dir, 'sliced.columns');
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      expect(await writeColumnFileInSlices(target, version, input, original.indexTables())).toBe(
        readFileSync(path).length,
      );
    } finally {
      clearInterval(ticking);
    }
    expect(readFileSync(target).equals(readFileSync(path))).toBe(true);
    expect(turns).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('encodes the same bytes it writes (what a replica publication holds)', () => {
    const bytes = Buffer.concat(encodeColumnFile(version, input, original.indexTables()));
    expect(bytes.equals(readFileSync(path))).toBe(true);
  });
});

describe('a column file that cannot be used', () => {
  it('missing', () => {
    expect(readColumnFile(join(dir, 'none.columns'), version)).toEqual({
      ok: false,
      problem: 'missing',
      reason: 'no column file',
    });
  });

  it('stale: another data version, or a store with none', () => {
    const other = readColumnFile(path, '00000000-0000-0000-0000-000000000000');
    expect(other).toMatchObject({ ok: false, problem: 'stale' });
    expect(!other.ok && other.reason).toContain(version);
    expect(readColumnFile(path, undefined)).toMatchObject({ ok: false, problem: 'stale' });
  });

  it.each([
    ['an older build', COLUMN_FILE_FORMAT - 1],
    ['a newer build', COLUMN_FILE_FORMAT + 1],
  ])('stale: a file %s wrote (another format number)', (_, format) => {
    const read = readColumnFile(
      variant(`format-${format}.columns`, (b) => rewriteHeader(b, (h) => ({ ...h, format }))),
      version,
    );
    expect(read).toMatchObject({ ok: false, problem: 'stale' });
    expect(!read.ok && read.reason).toBe(
      `written by a build of format ${format}, this build reads format ${COLUMN_FILE_FORMAT}`,
    );
  });

  const corrupt: [string, (bytes: Buffer) => Buffer, RegExp][] = [
    ['empty', () => Buffer.alloc(0), /magic/],
    ['garbage', (b) => Buffer.from(b.map((_, i) => (i * 7919) & 0xff)), /magic/],
    ['truncated in the header', (b) => b.subarray(0, 40), /header/],
    ['truncated in the data', (b) => b.subarray(0, Math.floor(b.length * 0.7)), /truncated/],
    ['a flipped byte in a part', (b) => flip(b, b.length - 200), /checksum/],
    ['a format that is no number', (b) => rewriteHeader(b, (h) => ({ ...h, format: 'six' })), /format six/],
    [
      'another schema (a part left out)',
      (b) => rewriteHeader(b, (h) => ({ ...h, parts: (h.parts as unknown[]).slice(1) })),
      /parts/,
    ],
  ];
  it.each(corrupt)('corrupt: %s', (name, change, reason) => {
    const read = readColumnFile(variant(`${name}.columns`, change), version);
    expect(read).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(!read.ok && read.reason).toMatch(reason);
  });

  it('corrupt: a part whose table lacks a column the input needs', () => {
    const { games: _games, ...rest } = input;
    const broken = { ...rest, games: input.games.select(['id', 'slug', 'name']) } as DatasetInput;
    const target = join(dir, 'schema.columns');
    writeColumnFile(target, version, broken, original.indexTables());
    const read = readColumnFile(target, version);
    // Read, but the engine refuses to build from it (the server then rebuilds from the store).
    expect(() => read.ok && buildDataset(read.contents.input, { indexes: read.contents.indexes })).toThrow();
  });
});

describe('the id and slug lookups a column file carries', () => {
  it('answer as the lookups a build hashes', () => {
    const { dataset: copy } = readBack();
    for (let row = 0; row < original.size; row++) {
      const { id, slug } = original.game(row) as { id: string; slug: string };
      expect([copy.row(id), copy.row(id.toUpperCase()), copy.row(slug)]).toEqual([row, row, row]);
    }
    expect(copy.row('no-such-game')).toBeUndefined();
  });

  it.each([
    ['a row past the games', (t: Int32Array) => t.map((row) => (row >= 0 ? row + 1_000_000 : row))],
    ['another size', (t: Int32Array) => t.subarray(0, t.length / 2)],
  ])('corrupt: %s (the engine refuses to build; the server then rebuilds from the store)', (_, change) => {
    const tables = original.indexTables();
    const broken = { ...tables, game_lookups: withBySlug(tables.game_lookups, change) };
    const target = join(dir, 'lookups.columns');
    writeColumnFile(target, version, input, broken);
    const read = readColumnFile(target, version);
    expect(read.ok).toBe(true);
    expect(() => read.ok && buildDataset(read.contents.input, { indexes: read.contents.indexes })).toThrow(RangeError);
  });
});

/** The lookups table with its slug table changed (its schema metadata kept). */
function withBySlug(table: Table, change: (slots: Int32Array) => Int32Array): Table {
  const slots = change(Int32Array.from(table.getChild('by_slug')?.toArray() ?? []));
  const byId = Int32Array.from(table.getChild('by_id')?.toArray() ?? []).subarray(0, slots.length);
  const plain = new Table({ by_slug: makeVector(slots), by_id: makeVector(byId) });
  const schema = new Schema(plain.schema.fields, table.schema.metadata);
  return new Table(
    schema,
    plain.batches.map((batch) => new RecordBatch(schema, batch.data)),
  );
}

describe('the effective-mode variants a column file carries', () => {
  it('answer effective queries as the variants a build resolves', () => {
    const { dataset: copy } = readBack();
    const filters = [
      { effective: true, players: 5 },
      { effective: true, weight_min: 2.5, playtime_max: 60 },
      { effective: true, players: 2, age_max: 10 },
      { effective: true, best_at: 4 },
    ];
    for (const filter of filters) {
      const query: Query = { filter, sort: 'rating', order: 'desc', limit: 200 };
      expect(JSON.stringify(copy.query(query))).toBe(JSON.stringify(original.query(query)));
    }
  });

  it.each([
    ['a base row past the games', 'base', () => Uint32Array.of(1_000_000)],
    ['a tier no variant has', 'tier', () => Uint8Array.of(7)],
  ])('corrupt: %s (the engine refuses to build)', (_, name, value) => {
    const tables = original.indexTables();
    const column = tables.variants.getChild(name)?.toArray() as Uint32Array | Uint8Array;
    const changed = column.slice();
    changed.set(value(), 0);
    const broken = { ...tables, variants: tables.variants.setChild(name, makeVector(changed)) };
    const target = join(dir, 'variants.columns');
    writeColumnFile(target, version, input, broken);
    const read = readColumnFile(target, version);
    expect(read.ok).toBe(true);
    expect(() => read.ok && buildDataset(read.contents.input, { indexes: read.contents.indexes })).toThrow(RangeError);
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  const out = Buffer.from(bytes);
  out[at] ^= 0xff;
  return out;
}

/** The file with its JSON header replaced (parts shifted to the new header's size are not needed: the check fails first). */
function rewriteHeader(bytes: Buffer, change: (header: Record<string, unknown>) => Record<string, unknown>): Buffer {
  const size = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(12, 12 + size).toString('utf8')) as Record<string, unknown>;
  const next = Buffer.from(JSON.stringify(change(header)));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(next.length);
  return Buffer.concat([bytes.subarray(0, 8), length, next, bytes.subarray(12 + size)]);
}

describe('reading a part', () => {
  it('takes the CRC-32 piece by piece: the same bytes and sum as the whole, also where the file ends first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ludex-part-'));
    try {
      const bytes = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 4321 }, (_, i) => (i * 2654435761) >>> 24));
      const file = join(dir, 'part');
      writeFileSync(file, bytes);
      const fd = openSync(file, 'r');
      try {
        for (const piece of [1 << 20, 4096, 7]) {
          const at = 1000;
          const read = readCheckedAt(fd, at, 2 * 1024 * 1024 + 5, piece);
          const expected = bytes.subarray(at, at + 2 * 1024 * 1024 + 5);
          expect(read.bytes.equals(expected)).toBe(true);
          expect(read.crc32).toBe(crc32(expected));
          const past = readCheckedAt(fd, bytes.length - 10, 100, piece);
          expect(past.bytes.length).toBe(10);
          expect(past.crc32).toBe(crc32(bytes.subarray(bytes.length - 10)));
        }
      } finally {
        closeSync(fd);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
