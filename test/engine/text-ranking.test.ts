// The text index's ranking against a straightforward reference: every game's tier and field
// worked out one field at a time by the naive oracle (test/oracle-text.ts), the best (lowest
// tier, then lowest field code) kept, and the games ordered by tier and popularity with a
// plain sort. matches(q) must equal it whole, and search(q, limit) must be its first `limit`
// entries, for broad queries (thousands of matches: the tier-array scan) and narrow ones (the
// sort), with popularity ties, games matched by several entities of different fields, by
// their name and their people, entities listing a game twice, and creators' full names.

import { describe, expect, it } from 'vitest';
import { MATCHED_FIELDS, type MatchedField } from '../../engine/domain.js';
import {
  buildTextIndex,
  type EntityField,
  TIER_SCORES,
  type TextDocument,
  type TextEntity,
} from '../../engine/text/text-index.js';
import { oracleTextTier, type OracleText } from '../oracle-text.js';
import { Rng } from './random-catalog.js';

// Small vocabulary, so one word matches thousands of names; near-misses of "castle" for the
// typo tier, a prefix of it ("cast"), and repeated words.
const WORDS = ['castle', 'castles', 'cattle', 'casle', 'cast', 'tower', 'crimson', 'keep', 'moat', 'king', 'queen'];
const SURNAMES = ['Castle', 'Tower', 'Moat', 'Knizia', 'Kingdom', 'Keep'];
const GIVEN = ['Ann', 'Bo', 'Reiner', 'Crimson'];
const COMPANIES = ['Castle Games', 'Tower Press', 'Crimson Castle Studio', 'Moat', 'Castle'];

interface Catalog {
  docs: TextDocument[];
  entities: TextEntity[];
}

/** `uuid`: lowercase UUIDs (the index orders them by radix passes); `plain`: any other strings. */
type IdStyle = 'uuid' | 'plain';

function randomCatalog(seed: number, size: number, ids: IdStyle = 'plain'): Catalog {
  const rng = new Rng(seed);
  const phrase = (min: number, max: number): string =>
    Array.from({ length: rng.int(min, max) }, () => rng.pick(WORDS)).join(' ');
  const docs: TextDocument[] = [];
  for (let row = 0; row < size; row++) {
    docs.push({
      row,
      name: rng.chance(0.4) ? `${phrase(1, 2)} ${row}` : `Game ${row}`,
      alternateNames: rng.chance(0.2) ? [`${phrase(1, 3)}`] : [],
      description: rng.chance(0.3) ? phrase(2, 6) : null,
      // Few distinct values (NaN among them): popularity ties fall to rankKey, then to id.
      popularity: rng.chance(0.1) ? Number.NaN : rng.int(0, 12),
      rankKey: rng.chance(0.2) ? Number.NaN : rng.int(6, 7),
      // Ids in an order unrelated to rows.
      id:
        ids === 'uuid'
          ? `${rng.hex(8)}-${rng.hex(4)}-7${rng.hex(3)}-a${rng.hex(3)}-${row.toString(16).padStart(12, '0')}`
          : `g-${rng.hex(6)}-${row}`,
    });
  }
  const entities: TextEntity[] = [];
  const entity = (name: string, field: EntityField): void => {
    const rows = Array.from({ length: rng.int(1, size / 4) }, () => rng.int(0, size - 1));
    if (rng.chance(0.5)) rows.push(rows[0]); // the same game listed twice
    entities.push({ name, field, rows });
  };
  for (const given of GIVEN)
    for (const surname of SURNAMES) entity(`${given} ${surname}`, rng.pick(['designer', 'artist']));
  for (const surname of SURNAMES) entity(surname, 'designer'); // one word: never a full name
  for (const company of COMPANIES) entity(company, 'publisher');
  // The same name in two roles: the lower field code must win within a tier.
  entity('Ann Castle', 'artist');
  entity('Castle Games', 'designer');
  for (const family of ['Castle Family', 'Towers', 'Kingdoms']) entity(family, 'family');
  return { docs, entities };
}

/** The games of each entity field, as the oracle reads them. */
function oracleTexts(catalog: Catalog): Map<number, Record<EntityField, string[]>> {
  const byRow = new Map<number, Record<EntityField, string[]>>();
  for (const doc of catalog.docs) byRow.set(doc.row, { designer: [], artist: [], publisher: [], family: [] });
  for (const e of catalog.entities) {
    for (const row of new Set(e.rows)) byRow.get(row)?.[e.field].push(e.name);
  }
  return byRow;
}

const NOTHING: OracleText = { name: '', alternate_names: [], people: [], families: [], description: null };
const FIELD_CODE = (field: MatchedField): number => MATCHED_FIELDS.indexOf(field);

/** The game's best (tier, field) for q, field by field through the oracle; undefined when none. */
function referenceMatch(
  doc: TextDocument,
  credits: Record<EntityField, string[]>,
  q: string,
): { tier: number; field: number } | undefined {
  const parts: [MatchedField, OracleText][] = [
    ['name', { ...NOTHING, name: doc.name }],
    ['alternate_name', { ...NOTHING, alternate_names: doc.alternateNames }],
    ['designer', { ...NOTHING, people: credits.designer }],
    ['artist', { ...NOTHING, people: credits.artist }],
    ['publisher', { ...NOTHING, people: credits.publisher }],
    ['family', { ...NOTHING, families: credits.family }],
    ['description', { ...NOTHING, description: doc.description ?? null }],
  ];
  let best: { tier: number; field: number } | undefined;
  for (const [field, text] of parts) {
    const tier = oracleTextTier(text, q);
    if (tier === null) continue;
    const code = FIELD_CODE(field);
    if (best === undefined || tier < best.tier || (tier === best.tier && code < best.field))
      best = { tier, field: code };
  }
  return best;
}

/** Popularity desc, then rankKey desc (NaN last in both), then id asc: a plain comparator sort. */
function popularityRanks(docs: readonly TextDocument[]): Map<number, number> {
  const nanLast = (a: number, b: number): number =>
    Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : b - a;
  const sorted = [...docs].sort(
    (a, b) =>
      nanLast(a.popularity, b.popularity) || nanLast(a.rankKey, b.rankKey) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Map(sorted.map((d, rank) => [d.row, rank]));
}

interface Expected {
  rows: number[];
  tiers: number[];
  fields: number[];
  keys: number[];
}

function reference(catalog: Catalog, q: string): Expected {
  const credits = oracleTexts(catalog);
  const ranks = popularityRanks(catalog.docs);
  const n = catalog.docs.length;
  const hits: { row: number; tier: number; field: number; key: number }[] = [];
  for (const doc of catalog.docs) {
    const match = referenceMatch(
      doc,
      credits.get(doc.row) ?? { designer: [], artist: [], publisher: [], family: [] },
      q,
    );
    if (match) hits.push({ row: doc.row, ...match, key: match.tier * n + (ranks.get(doc.row) ?? 0) });
  }
  hits.sort((a, b) => a.key - b.key);
  return {
    rows: hits.map((h) => h.row),
    tiers: hits.map((h) => h.tier),
    fields: hits.map((h) => h.field),
    keys: hits.map((h) => h.key),
  };
}

const QUERIES = [
  'castle', // thousands of matches in every tier
  'cast', // a prefix of several words
  'castel', // a swap typo
  'casle', // an exact word that is also a typo of castle
  'crimson tower',
  'tower crimson',
  'ann castle', // a designer's and an artist's full name: tier 0 through people
  'castle games', // a publisher's and a designer's full name
  'crimson castle studio',
  'castle castle', // two distinct tokens needed
  // Two and three common words: the rarer one's candidates narrowed by the others' postings
  // (6,000 games), or verified one by one (400)
  'keep tower',
  'king queen moat',
  'casle towr', // typos of both words
  'cast castle', // one word's range inside the other's
  'the tower', // a word without postings: no match
  'keep keep moat', // one word twice: two distinct tokens of its ranges needed
  'tower tower tower',
  'keep moat',
  'kingdoms',
  'queen',
  'knizia',
  'towers',
  'zz',
  'c',
];

// People and name tokens' games as bitsets (TextIndexOptions): the default thresholds, every
// token, none, and names within a byte cap of two bitsets (6,000 games: 188 words each), so
// only the most-held name tokens are whole and the rest are visited name by name.
const TOKEN_BITSETS = [
  { bitsets: 'default', options: {} },
  { bitsets: 'every people token', options: { wholeTokenGames: 0 } },
  { bitsets: 'no people token', options: { wholeTokenGames: Number.POSITIVE_INFINITY } },
  { bitsets: 'every name token', options: { wholeNameTokenGames: 0 } },
  { bitsets: 'no name token', options: { wholeNameTokenGames: Number.POSITIVE_INFINITY } },
  { bitsets: 'two name bitsets', options: { wholeNameTokenGames: 0, maxNameTokenBytes: 2 * 188 * 4 } },
  { bitsets: 'every token', options: { wholeTokenGames: 0, wholeNameTokenGames: 0 } },
];

describe.each([
  ...TOKEN_BITSETS.map((b) => ({ seed: 1, size: 6000, ids: 'plain' as const, ...b })),
  ...TOKEN_BITSETS.map((b) => ({ seed: 7, size: 400, ids: 'plain' as const, ...b })),
  // lowercase UUIDs: the popularity order's id ties go through radix passes, not a comparator
  { seed: 3, size: 1500, ids: 'uuid' as const, ...TOKEN_BITSETS[0] },
])(
  'text ranking vs a reference, seed $seed, $size games, $ids ids, bitsets: $bitsets',
  ({ seed, size, ids, options }) => {
    const catalog = randomCatalog(seed, size, ids);
    const index = buildTextIndex(catalog.docs, catalog.entities, options);

    it.each(QUERIES)('matches(%j) equals the reference, and search(q, limit) its first limit', (q) => {
      const want = reference(catalog, q);
      const got = index.matches(q);
      expect({
        rows: Array.from(got.rows),
        tiers: Array.from(got.tiers),
        fields: Array.from(got.fields),
        keys: Array.from(got.keys),
      }).toEqual(want);
      for (const limit of [1, 2, 25, 100, 2500, size, size + 1]) {
        const hits = index.search(q, limit);
        expect(hits).toEqual(
          want.rows.slice(0, limit).map((row, i) => ({
            row,
            score: TIER_SCORES[want.tiers[i]],
            field: MATCHED_FIELDS[want.fields[i]],
          })),
        );
      }
    });
  },
);

describe('text ranking: shape of the catalog', () => {
  it('holds the cases the comparison is for', () => {
    const catalog = randomCatalog(1, 6000);
    const castle = reference(catalog, 'castle');
    // Over ranked()'s scan threshold, in several tiers, with people-tier games.
    expect(castle.rows.length).toBeGreaterThan(2048);
    expect(new Set(castle.tiers).size).toBeGreaterThanOrEqual(4);
    // Full names put people-matched games in tier 0 with a creator's field.
    const full = reference(catalog, 'ann castle');
    const creators = new Set(['designer', 'artist', 'publisher'].map((f) => FIELD_CODE(f as MatchedField)));
    expect(full.tiers.some((t, i) => t === 0 && creators.has(full.fields[i]))).toBe(true);
    // Search's limit may cut a tier in the middle of popularity ties.
    const ranks = new Set(catalog.docs.map((d) => `${d.popularity}/${d.rankKey}`));
    expect(ranks.size).toBeLessThan(100);
  });
});

/** The reference's hits of ranks [start, end) among the rows `keep` passes. */
function referenceHits(want: Expected, keep: (row: number) => boolean, start: number, end: number) {
  const hits = want.rows
    .map((row, i) => ({ row, score: TIER_SCORES[want.tiers[i]], field: MATCHED_FIELDS[want.fields[i]] }))
    .filter((hit) => keep(hit.row));
  // (No negative end counted from the back, as slice would.)
  return { total: hits.length, rows: hits.map((h) => h.row), page: hits.slice(start, Math.max(start, end)) };
}

describe.each([
  ...TOKEN_BITSETS.map((b) => ({ seed: 1, size: 6000, ...b })),
  ...TOKEN_BITSETS.map((b) => ({ seed: 7, size: 400, ...b })),
])(
  'lazy text ranking (rank) vs the reference, seed $seed, $size games, bitsets: $bitsets',
  ({ seed, size, options }) => {
    const catalog = randomCatalog(seed, size);
    const index = buildTextIndex(catalog.docs, catalog.entities, options);
    const everyRow = () => true;
    // A third of the rows, by a rule unrelated to popularity: what a type filter does.
    const third = (row: number) => row % 3 === 1;
    const masks = [
      { name: 'no mask', keep: everyRow, mask: undefined },
      { name: 'a third of the rows', keep: third, mask: index.docMask(third) },
      { name: 'no row', keep: () => false, mask: index.docMask(() => false) },
    ];

    describe.each(masks)('$name', ({ keep, mask }) => {
      it.each(QUERIES)('rank(%j): total, every page window and every rank agree with the reference', (q) => {
        const want = reference(catalog, q);
        const { total, rows } = referenceHits(want, keep, 0, 0);
        const windows = [
          [0, 25],
          [0, 1],
          [1, 3],
          [24, 49],
          [total - 5, total + 5],
          [Math.floor(total / 2), Math.floor(total / 2) + 100],
          [total, total + 25],
          [5, 5],
          [9, 3],
          [-5, -1],
          [-3, 2],
          [0, total + 1],
        ];
        index.rank(q, mask, (ranking) => {
          expect(ranking.total).toBe(total);
          for (const [start, end] of windows) {
            expect(ranking.hits(start, end)).toEqual(referenceHits(want, keep, Math.max(0, start), end).page);
          }
          // Every match's rank, and -1 for games that are not matches (or not kept) and unknown rows.
          rows.forEach((row, rank) => {
            expect(ranking.rankOf(row)).toBe(rank);
          });
          const matched = new Set(rows);
          for (let row = 0; row < size; row += 7) if (!matched.has(row)) expect(ranking.rankOf(row)).toBe(-1);
          expect(ranking.rankOf(size + 10)).toBe(-1);
          expect(ranking.rankOf(-1)).toBe(-1);
        });
      });
    });

    it('leaves nothing of one search in the next: alternating broad, narrow and empty queries, masked or not', () => {
      // Numbers match a few names only ("castle 1234", "Game 1234" and their typos): searches
      // that touch a few words, cleared word by word rather than whole.
      const sequence = ['castle', 'queen', '1234', 'zz', '321', 'castle', '1234', 'ann castle', '4321', 'kingdoms'];
      sequence.push('castle castle', '399', 'cast', '2345', 'queen', '2345');
      sequence.forEach((q, i) => {
        const { keep, mask } = masks[i % 2];
        const want = reference(catalog, q);
        const expected = referenceHits(want, keep, 0, 30);
        const got = index.rank(q, mask, (ranking) => ({ total: ranking.total, page: ranking.hits(0, 30) }));
        expect(got).toEqual({ total: expected.total, page: expected.page });
        const all = index.matches(q);
        expect(Array.from(all.rows)).toEqual(want.rows);
      });
    });
  },
);

describe('lazy text ranking: lifetime', () => {
  const catalog = randomCatalog(3, 300);
  const index = buildTextIndex(catalog.docs, catalog.entities);

  it('throws when a ranking is read after its callback returned', () => {
    const kept = index.rank('castle', undefined, (ranking) => ranking);
    expect(kept.total).toBeGreaterThan(0);
    expect(() => kept.hits(0, 5)).toThrow(/after its callback/);
    expect(() => kept.rankOf(0)).toThrow(/after its callback/);
  });

  it('refuses a search started while a ranking is read, and recovers after it', () => {
    expect(() => index.rank('castle', undefined, () => index.matches('tower'))).toThrow(/another was being read/);
    expect(() => index.rank('castle', undefined, () => index.rank('tower', undefined, (r) => r.total))).toThrow(
      /another was being read/,
    );
    expect(index.rank('castle', undefined, (ranking) => ranking.total)).toBe(reference(catalog, 'castle').rows.length);
  });

  it('answers a query too short to search with no match', () => {
    expect(index.rank('c', undefined, (ranking) => [ranking.total, ranking.hits(0, 10), ranking.rankOf(0)])).toEqual([
      0,
      [],
      -1,
    ]);
  });
});
