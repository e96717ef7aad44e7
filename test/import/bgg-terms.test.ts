// The one BGG term map (loader/import/mappings/bgg-terms.ts). BGG's own XML is ground truth:
// every mechanic and category link of every sample in ../shared/data/bgg-xml must land on
// the term of its BGG name, in the map and in a store the XML importer filled; the CSV
// importer (by name) and the XML importer (by id) must meet on one slug.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import { type BggItem, parseBggXml } from '../../loader/import/bgg-xml/parse.js';
import { bggTermEntries, bggTermsByLink, bggTermsByName } from '../../loader/import/mappings/bgg-terms.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BGG_XML = resolve(REPO, '../shared/data/bgg-xml');
const BGG_DATASET = resolve(REPO, '../shared/data/bgg-csv/bgg_dataset.csv');
const present = existsSync(BGG_XML) && existsSync(BGG_DATASET);
if (!present) console.warn(`SKIPPED: BGG term map tests on real data need ${BGG_XML} (../shared/data is absent)`);

const TERM_LINKS = { boardgamemechanic: 'mechanic', boardgamecategory: 'category' } as const;
const key = (t: { kind: string; slug: string }) => `${t.kind}:${t.slug}`;

describe('the BGG term map', () => {
  it('lists each BGG id once per type, and no two BGG terms of a type share a target', () => {
    const ids = new Set<string>();
    const targets = new Map<string, string>();
    for (const e of bggTermEntries()) {
      if (e.bgg_id !== null) {
        expect(ids.has(`${e.type}:${e.bgg_id}`), `${e.type} ${e.bgg_id}`).toBe(false);
        ids.add(`${e.type}:${e.bgg_id}`);
      }
      for (const t of e.terms) {
        const k = `${e.type}:${key(t)}`;
        expect(targets.get(k), `${k} claimed by ${e.name} and ${targets.get(k)}`).toBeUndefined();
        targets.set(k, e.name);
      }
    }
  });

  it('corrects the upstream ids: 2015 is Variable Player Powers, Coup-like categories are what BGG names', () => {
    expect(bggTermsByLink('mechanic', 2015, 'Variable Player Powers')).toEqual([
      { kind: 'mechanic', slug: 'variable-player-powers', name: 'Variable Player Powers' },
    ]);
    expect(bggTermsByLink('category', 1002, 'Card Game').map(key)).toEqual(['category:card-game']);
    expect(bggTermsByLink('category', 1023, 'Bluffing').map(key)).toEqual(['category:bluffing']);
  });

  it('follows BGG renames by id: "Co-operative Play" (2016) and "Cooperative Game" are one term', () => {
    expect(bggTermsByLink('mechanic', 2023, 'Co-operative Play')).toEqual(
      bggTermsByName('mechanic', 'Cooperative Game'),
    );
    expect(bggTermsByName('mechanic', 'Co-operative Play').map(key)).toEqual(['mechanic:cooperative']);
  });

  it('meets the CSV spelling: the 2021 dataset drops commas, the same term comes out', () => {
    expect(bggTermsByName('mechanic', 'Deck Bag and Pool Building')).toEqual(
      bggTermsByLink('mechanic', 2664, 'Deck, Bag, and Pool Building'),
    );
    expect(bggTermsByName('mechanic', 'Solo / Solitaire Game').map(key)).toEqual(['mechanic:solo']);
  });

  it('keeps an unknown BGG term as its own term, named after BGG and never guessed', () => {
    expect(bggTermsByLink('mechanic', 999_999, 'Hexagon Puzzle Swap')).toEqual([
      { kind: 'mechanic', slug: 'hexagon-puzzle-swap', name: 'Hexagon Puzzle Swap' },
    ]);
    expect(bggTermsByName('category', 'Space Opera')).toEqual([
      { kind: 'category', slug: 'space-opera', name: 'Space Opera' },
    ]);
    expect(bggTermsByLink('category', 424_242, '日本')).toEqual([
      { kind: 'category', slug: 'bgg-category-424242', name: '日本' },
    ]);
  });
});

/** Every thing item of every sample file, with the file it came from. */
function sampleItems(): { file: string; item: BggItem }[] {
  const out: { file: string; item: BggItem }[] = [];
  for (const folder of readdirSync(BGG_XML)) {
    for (const name of readdirSync(join(BGG_XML, folder))) {
      const file = join(BGG_XML, folder, name);
      const parsed = parseBggXml(readFileSync(file, 'utf8'));
      if (parsed.ok) for (const item of parsed.items) out.push({ file: `${folder}/${name}`, item });
    }
  }
  return out;
}

describe.skipIf(!present)('every link of every XML sample', () => {
  const items = present ? sampleItems() : [];
  let store: Store;

  beforeAll(async () => {
    store = await Store.open(':memory:');
    await migrate(store);
    await importBggXml(store, [BGG_XML], { refresh: aggregateRefresh(), now: new Date('2025-06-01T00:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await store.close();
  });

  it('maps by id to the term of its BGG name', () => {
    let links = 0;
    for (const { file, item } of items) {
      for (const link of item.links) {
        const type = TERM_LINKS[link.type as keyof typeof TERM_LINKS];
        if (!type) continue;
        links++;
        const byId = bggTermsByLink(type, link.id, link.value).map(key);
        expect(byId, `${file} item ${item.id}: ${type} ${link.id} "${link.value}"`).toEqual(
          bggTermsByName(type, link.value).map(key),
        );
      }
    }
    expect(links).toBeGreaterThan(5_000);
  });

  it('lands in the store on exactly the terms its links name (Coup, Gloomhaven and every other game)', async () => {
    // A game in several files (captured years apart) may carry any of its versions' links.
    const expected = new Map<number, Set<string>>();
    for (const { item } of items) {
      const set = expected.get(item.id) ?? new Set<string>();
      for (const link of item.links) {
        const type = TERM_LINKS[link.type as keyof typeof TERM_LINKS];
        if (type) for (const t of bggTermsByName(type, link.value)) set.add(key(t));
      }
      expected.set(item.id, set);
    }
    const rows = await store.all<{ bgg: string; kind: string; slug: string }>(
      `SELECT e.external_id AS bgg, t.kind, t.slug FROM game_terms gt
       JOIN terms t ON t.id = gt.term_id
       JOIN external_identifiers e ON e.game_id = gt.game_id AND e.source = 'legacy'`,
    );
    expect(rows.length).toBeGreaterThan(5_000);
    for (const row of rows) {
      expect(expected.get(Number(row.bgg))?.has(key(row)), `game ${row.bgg}: ${key(row)}`).toBe(true);
    }
    const termsOf = (bgg: string, kind: string) =>
      rows
        .filter((r) => r.bgg === bgg && r.kind === kind)
        .map((r) => r.slug)
        .sort();
    expect(termsOf('131357', 'category')).toEqual(['bluffing', 'card-game', 'deduction', 'party']);
    expect(termsOf('131357', 'mechanic')).not.toContain('semi-cooperative');
    expect(termsOf('174430', 'category')).not.toContain('family');
    expect(termsOf('174430', 'mechanic')).not.toContain('flicking');
  });

  it('names each term as BGG does', async () => {
    const names = await store.all<{ kind: string; slug: string; name: string }>(
      'SELECT kind, slug, name FROM terms ORDER BY kind, slug',
    );
    const cooperative = names.find((t) => t.kind === 'mechanic' && t.slug === 'cooperative');
    expect(cooperative?.name).toBe('Cooperative Game');
    for (const t of names) expect(t.name, `${t.kind}:${t.slug}`).not.toMatch(/&[a-z]+;|&#\d+;/i);
  });

  it('gives the CSV importer the same slug as the XML importer for every mechanic both name', () => {
    const idByName = new Map<string, { id: number; value: string }>();
    for (const { item } of items) {
      for (const link of item.links) if (link.type === 'boardgamemechanic') idByName.set(link.value, link);
    }
    const header = readFileSync(BGG_DATASET, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const column = header[0].split(';').indexOf('Mechanics');
    const csvNames = new Set(header.slice(1).flatMap((l) => (l.split(';')[column] ?? '').split(', ').filter(Boolean)));
    const normal = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
    let shared = 0;
    for (const name of csvNames) {
      const xml = [...idByName.values()].find((l) => normal(l.value) === normal(name));
      if (!xml) continue;
      shared++;
      expect(bggTermsByName('mechanic', name).map(key), name).toEqual(
        bggTermsByLink('mechanic', xml.id, xml.value).map(key),
      );
    }
    expect(shared).toBeGreaterThan(120);
  });
});
