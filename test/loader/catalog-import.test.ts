import { describe, expect, it } from 'vitest';
import { termId } from '../../loader/catalog/ids.js';
import { CATALOG_KIND_ORDER } from '../../loader/catalog/records.js';
import { UUID_PATTERN } from '../../engine/index.js';
import {
  counts,
  dumpTables,
  emptyStore,
  exportLines,
  fixtureLines,
  game,
  jsonl,
  load,
  stats,
} from './catalog-helpers.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('importCatalog', () => {
  it('imports a record of every kind', async () => {
    const store = await emptyStore();
    const report = await load(store, fixtureLines());
    for (const kind of CATALOG_KIND_ORDER) expect(report.kinds[kind].inserted, kind).toBeGreaterThan(0);
    expect(report.records).toBe(fixtureLines().filter((l) => l.trim()).length);
    expect(report.lines).toBe(fixtureLines().length);

    const tables = await dumpTables(store);
    expect(tables.terms).toHaveLength(9);
    expect(tables.term_aliases).toHaveLength(3);
    expect(tables.games).toHaveLength(6);
    expect(tables.game_credits).toHaveLength(7);
    expect(tables.external_identifiers).toHaveLength(3);
    expect(tables.external_identifiers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'legacy', external_id: '162886', is_numeric: true }),
        expect.objectContaining({ source: 'legacy', external_id: '200680', is_numeric: true }),
        expect.objectContaining({ source: 'legacy', external_id: 'JE-1', is_numeric: false }),
      ]),
    );
    expect(tables.baseline_player_count_ratings).toHaveLength(4);
    expect(tables.rating_votes).toHaveLength(2);
    expect(tables.game_snapshots).toHaveLength(2);
  });

  it('keeps catalog order in position, resolving term aliases to their term', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    const rows = await store.all(
      `SELECT t.slug, gt.position FROM game_terms gt JOIN terms t ON t.id = gt.term_id
       JOIN games g ON g.id = gt.game_id WHERE g.slug = 'spirit-island' AND t.kind = 'mechanic' ORDER BY gt.position`,
    );
    expect(rows).toEqual([
      { slug: 'cooperative-play', position: 0 },
      { slug: 'area-control', position: 1 },
      { slug: 'hand-management', position: 2 },
    ]);
    const names = await store.all('SELECT name, language, position FROM alternate_names ORDER BY position');
    expect(names).toEqual([
      { name: '灵迹岛', language: 'zh', position: 0 },
      { name: 'Spirit Island', language: 'de', position: 1 },
    ]);
  });

  it('keeps given ids, generates UUIDv7 ids, and derives term ids from kind and slug', async () => {
    const store = await emptyStore();
    const given = '01890000-0000-7000-8000-0000000000aa';
    await load(
      store,
      jsonl({ kind: 'mechanic', slug: 'dice-rolling', name: 'Dice Rolling' }, { ...game('a'), id: given }, game('b')),
    );
    const [term] = await store.all<{ id: string }>('SELECT id FROM terms');
    expect(term.id).toBe(termId('mechanic', 'dice-rolling'));
    expect(term.id).toMatch(V7);
    expect(term.id.startsWith('018cc251-f400-7')).toBe(true);
    expect(termId('mechanic', 'dice-rolling')).not.toBe(termId('category', 'dice-rolling'));
    const games = await store.all<{ slug: string; id: string }>('SELECT slug, id FROM games ORDER BY slug');
    expect(games[0].id).toBe(given);
    expect(games[1].id).toMatch(V7);
    expect(games[1].id).toMatch(UUID_PATTERN);
  });

  it('keeps the stored id on upsert when the record has none', async () => {
    const store = await emptyStore();
    await load(store, jsonl(game('a')));
    const [before] = await store.all<{ id: string }>('SELECT id FROM games');
    const report = await load(store, jsonl(game('a', { year_published: 2000 })));
    expect(counts(report, 'game')).toEqual({ updated: 1 });
    const [after] = await store.all<{ id: string; year_published: number }>('SELECT id, year_published FROM games');
    expect(after).toEqual({ id: before.id, year_published: 2000 });
  });

  it('changes nothing when the same file is imported again', async () => {
    const store = await emptyStore();
    // Raw records without an id append by design; everything else must stay put.
    const lines = fixtureLines().filter((l) => !/_vote"|"play_log"/.test(l) || l.includes('"id"'));
    await load(store, lines);
    const before = await dumpTables(store);
    const report = await load(store, lines, { now: new Date('2030-01-01T00:00:00Z') });
    for (const kind of CATALOG_KIND_ORDER) {
      const c = report.kinds[kind];
      expect(c.inserted + c.updated, kind).toBe(0);
    }
    expect(counts(report, 'game')).toEqual({ unchanged: 6 });
    expect(counts(report, 'rating_vote')).toEqual({ skipped: 1 });
    expect(await dumpTables(store)).toEqual(before);
  });

  it('replaces link lists and baseline rows of an updated game', async () => {
    const store = await emptyStore();
    const people = jsonl(
      { kind: 'person', slug: 'p1', name: 'P1' },
      { kind: 'person', slug: 'p2', name: 'P2' },
      { kind: 'category', slug: 'c1', name: 'C1' },
    );
    await load(store, [
      ...people,
      ...jsonl(
        game('g', {
          designers: ['p1', 'p2'],
          categories: ['c1'],
          legacy_id: 7,
          stats: stats(7, 10, { player_count_ratings: [{ player_count: 2, average_rating: 4.5, rating_count: 3 }] }),
        }),
      ),
    ]);
    const report = await load(store, [...people, ...jsonl(game('g', { designers: ['p2'], legacy_id: 'x7' }))]);
    expect(counts(report, 'game')).toEqual({ updated: 1 });
    expect(counts(report, 'person')).toEqual({ unchanged: 2 });
    expect(await store.all('SELECT role, position FROM game_credits')).toEqual([{ role: 'designer', position: 0 }]);
    expect(await store.all('SELECT * FROM game_terms')).toEqual([]);
    expect(await store.all('SELECT external_id, is_numeric FROM external_identifiers')).toEqual([
      { external_id: 'x7', is_numeric: false },
    ]);
    expect(await store.all('SELECT * FROM baseline_stats')).toEqual([]);
    expect(await store.all('SELECT * FROM baseline_player_count_ratings')).toEqual([]);
    const [g] = await store.all('SELECT rating, top_player_counts FROM games');
    expect(g).toEqual({ rating: null, top_player_counts: null });
  });

  it('sets created_at on insert and leaves it alone on update', async () => {
    const store = await emptyStore();
    await load(store, jsonl(game('a')), { now: new Date('2024-01-01T00:00:00Z') });
    await load(store, jsonl(game('a', { min_age: 8 })), { now: new Date('2024-02-01T00:00:00Z') });
    const [row] = await store.all<{ c: string }>(`SELECT strftime(created_at, '%Y-%m-%d') AS c FROM games`);
    expect(row.c).toBe('2024-01-01');
  });

  it('stores integrates_with in both directions and upserts relationships on (source, target, type)', async () => {
    const store = await emptyStore();
    const games = jsonl(game('a'), game('b'));
    const first = await load(store, [
      ...games,
      ...jsonl({ kind: 'relationship', source: 'b', target: 'a', relationship_type: 'integrates_with', ordinal: 2 }),
    ]);
    expect(counts(first, 'relationship')).toEqual({ inserted: 1 });
    const rows = await store.all(
      `SELECT s.slug AS source, t.slug AS target, ordinal FROM relationships r
       JOIN games s ON s.id = r.source_game_id JOIN games t ON t.id = r.target_game_id ORDER BY 1`,
    );
    expect(rows).toEqual([
      { source: 'a', target: 'b', ordinal: 2 },
      { source: 'b', target: 'a', ordinal: 2 },
    ]);
    const again = await load(store, [
      ...games,
      ...jsonl({ kind: 'relationship', source: 'a', target: 'b', relationship_type: 'integrates_with', ordinal: 5 }),
      ...jsonl({ kind: 'relationship', source: 'a', target: 'b', relationship_type: 'recommends' }),
    ]);
    expect(counts(again, 'relationship')).toEqual({ updated: 1, inserted: 1 });
    expect(
      await store.all('SELECT DISTINCT ordinal FROM relationships WHERE relationship_type = $1', ['integrates_with']),
    ).toEqual([{ ordinal: 5 }]);
    const exported = (await exportLines(store)).filter((l) => l.includes('"relationship"'));
    expect(exported).toEqual([
      '{"kind":"relationship","source":"a","target":"b","relationship_type":"integrates_with","ordinal":5}',
      '{"kind":"relationship","source":"a","target":"b","relationship_type":"recommends"}',
    ]);
  });

  it('upserts property modifications on (expansion, property, operation) and combinations on their set', async () => {
    const store = await emptyStore();
    const base = jsonl(
      game('base'),
      game('x', { type: 'expansion', parent: 'base' }),
      game('y', { type: 'expansion', parent: 'base' }),
    );
    await load(store, [
      ...base,
      ...jsonl(
        { kind: 'property_modification', expansion: 'x', property: 'max_players', operation: 'set', value: 6 },
        { kind: 'expansion_combination', base: 'base', expansions: ['y', 'x'], weight: 3 },
      ),
    ]);
    const report = await load(store, [
      ...base,
      ...jsonl(
        { kind: 'property_modification', expansion: 'x', property: 'max_players', operation: 'set', value: 7 },
        { kind: 'property_modification', expansion: 'x', property: 'max_players', operation: 'add', value: 1 },
        { kind: 'expansion_combination', base: 'base', expansions: ['x', 'y'], weight: 3.5 },
      ),
    ]);
    expect(counts(report, 'property_modification')).toEqual({ updated: 1, inserted: 1 });
    expect(counts(report, 'expansion_combination')).toEqual({ updated: 1 });
    const mods = await store.all<{ operation: string; value_number: number; base: string }>(
      `SELECT m.operation, m.value_number, b.slug AS base FROM property_modifications m
       JOIN games b ON b.id = m.base_game_id ORDER BY m.position`,
    );
    expect(mods).toEqual([
      { operation: 'set', value_number: 7, base: 'base' },
      { operation: 'add', value_number: 1, base: 'base' },
    ]);
    const combos = await store.all<{ expansion_ids: string[]; weight: number }>(
      'SELECT expansion_ids, weight FROM expansion_combinations',
    );
    expect(combos).toHaveLength(1);
    expect(combos[0].weight).toBe(3.5);
    expect(combos[0].expansion_ids).toEqual([...combos[0].expansion_ids].sort());
  });

  it('skips raw records whose id is present and appends those without one', async () => {
    const store = await emptyStore();
    const id = '01890000-0000-7000-8000-000000000001';
    const lines = jsonl(
      game('g'),
      { kind: 'rating_vote', id, game: 'g', rating: 8 },
      { kind: 'rating_vote', game: 'g', rating: 6 },
      { kind: 'weight_vote', game: 'g', weight: 2.5 },
    );
    const first = await load(store, lines);
    expect(counts(first, 'rating_vote')).toEqual({ inserted: 2 });
    const second = await load(store, lines);
    expect(counts(second, 'rating_vote')).toEqual({ inserted: 1, skipped: 1 });
    expect(counts(second, 'weight_vote')).toEqual({ inserted: 1 });
    expect(await store.all('SELECT count(*)::INTEGER AS n FROM rating_votes')).toEqual([{ n: 3 }]);
    const created = await store.all<{ c: string }>(
      `SELECT DISTINCT strftime(created_at, '%Y-%m-%dT%H:%M:%S') AS c FROM rating_votes`,
    );
    expect(created).toEqual([{ c: '2025-06-01T12:00:00' }]);
  });

  it('upserts snapshots on (game, date)', async () => {
    const store = await emptyStore();
    const snap = (rating: number) => ({
      kind: 'snapshot',
      game: 'g',
      date: '2024-01-01',
      rating,
      rank_by_category: { b: 2, a: 1 },
    });
    await load(store, jsonl(game('g'), snap(7)));
    const same = await load(store, jsonl(game('g'), snap(7)));
    expect(counts(same, 'snapshot')).toEqual({ unchanged: 1 });
    const changed = await load(store, jsonl(game('g'), snap(7.5), { ...snap(8), date: '2024-02-01' }));
    expect(counts(changed, 'snapshot')).toEqual({ updated: 1, inserted: 1 });
    expect(
      await store.all(
        'SELECT rating, CAST(rank_by_category AS VARCHAR) AS r FROM game_snapshots ORDER BY snapshot_date',
      ),
    ).toEqual([
      { rating: 7.5, r: '{"a":1,"b":2}' },
      { rating: 8, r: '{"a":1,"b":2}' },
    ]);
  });

  it('handles a slug repeated within one file as an upsert', async () => {
    const store = await emptyStore();
    const report = await load(store, jsonl(game('a'), game('a', { min_players: 2 }), game('a', { min_players: 2 })));
    expect(counts(report, 'game')).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
    expect(await store.all('SELECT min_players FROM games')).toEqual([{ min_players: 2 }]);
  });

  it('ignores blank lines and reports progress', async () => {
    const store = await emptyStore();
    const seen: number[] = [];
    const report = await load(
      store,
      ['', game('a'), '   '].map((l) => (typeof l === 'string' ? l : JSON.stringify(l))),
      {
        onProgress: (n) => seen.push(n),
      },
    );
    expect(report).toMatchObject({ lines: 3, records: 1 });
    expect(seen.at(-1)).toBe(3);
  });

  it('reads from an async iterable', async () => {
    const store = await emptyStore();
    async function* lines() {
      yield JSON.stringify(game('a'));
      yield JSON.stringify(game('b'));
    }
    const report = await load(store, lines());
    expect(counts(report, 'game')).toEqual({ inserted: 2 });
  });
});

describe('lines that are not records', () => {
  it('skips the banner npm run writes ahead of a redirected export, and a byte order mark', async () => {
    const store = await emptyStore();
    try {
      const report = await load(store, [
        '\uFEFF',
        '> ludex@0.1.0 ludex',
        '> tsx server/ludex.ts export',
        '',
        '{"kind":"mechanic","slug":"worker-placement","name":"Worker Placement"}',
      ]);
      expect(report.kinds.mechanic.inserted).toBe(1);
      expect(report.records).toBe(1);
      await expect(load(store, ['>not a banner'])).rejects.toThrow(/line 1.*invalid JSON/);
    } finally {
      await store.close();
    }
  });
});

describe('stats with only one of the rating and weight pairs', () => {
  it('stores either pair alone, refuses a value without its votes, and round-trips', async () => {
    const store = await emptyStore();
    try {
      const lines = [
        '{"kind":"game","slug":"rated-only","name":"Rated Only","type":"base_game","stats":{"rating":7.5,"rating_votes":40}}',
        '{"kind":"game","slug":"weighed-only","name":"Weighed Only","type":"base_game","stats":{"weight":2.5,"weight_votes":12}}',
      ];
      await load(store, lines);
      const rows = await store.all<{
        slug: string;
        rating: number | null;
        rating_votes: number | null;
        weight: number | null;
        bayes_rating: number | null;
      }>('SELECT slug, rating, rating_votes, weight, bayes_rating FROM games ORDER BY slug');
      expect(rows).toEqual([
        { slug: 'rated-only', rating: 7.5, rating_votes: 40, weight: null, bayes_rating: 7.5 },
        { slug: 'weighed-only', rating: null, rating_votes: null, weight: 2.5, bayes_rating: null },
      ]);
      const exported = await exportLines(store);
      expect(exported.filter((l) => l.includes('"kind":"game"')).map((l) => JSON.parse(l).stats)).toEqual([
        { rating: 7.5, rating_votes: 40 },
        { weight: 2.5, weight_votes: 12 },
      ]);
      await expect(
        load(store, ['{"kind":"game","slug":"half","name":"Half","type":"base_game","stats":{"rating":7}}']),
      ).rejects.toThrow(/line 1, field "stats.rating": must come with rating_votes/);
    } finally {
      await store.close();
    }
  });
});
