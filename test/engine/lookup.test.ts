// Lookups and records by hand: slug/alias/id resolution, row lookups, the GameRecord and
// GameRelated shapes (credit and expansion order), and text search delegation.

import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { randomCatalog } from './random-catalog.js';
import { handCatalog, idOf } from './hand-catalog.js';

describe('resolve', () => {
  const { input, ids } = randomCatalog(3, { games: 30 });
  const dataset = buildDataset(input);

  it('maps taxonomy slugs and aliases to the canonical slug, per kind', () => {
    expect(dataset.resolve('mechanic', 'mech-1')).toBe('mech-1');
    expect(dataset.resolve('mechanic', 'mech-alias-2')).toBe('mech-2');
    expect(dataset.resolve('category', 'cat-old')).toBe('cat-0');
    expect(dataset.resolve('theme', 'theme-old')).toBe('theme-3');
    expect(dataset.resolve('theme', 'mech-0')).toBe('mech-0');
    expect(dataset.resolve('category', 'mech-1')).toBeUndefined();
    expect(dataset.resolve('mechanic', 'cat-old')).toBeUndefined();
  });

  it('maps people, publishers, families and awards by slug or id (any case)', () => {
    expect(dataset.resolve('designer', 'person-3')).toBe('person-3');
    expect(dataset.resolve('artist', ids.people[5].toUpperCase())).toBe('person-5');
    expect(dataset.resolve('award', ids.awards[1])).toBe('award-1');
    expect(dataset.resolve('publisher', 'pub-2')).toBe('pub-2');
    expect(dataset.resolve('family', 'fam-0')).toBe('fam-0');
    expect(dataset.resolve('designer', 'nobody')).toBeUndefined();
    expect(dataset.resolve('award', ids.people[0])).toBeUndefined();
  });
});

describe('rows and records', () => {
  const { dataset } = handCatalog({
    games: [
      { name: 'The Base', legacy_id: '1234', designers: ['person-1'], artists: ['person-2'], weight: 2.5 },
      { name: 'Beta', type: 'expansion', parent_game_id: idOf(0), year_published: 2010, legacy_id: 'x9' },
      { name: 'Alpha', type: 'expansion', parent_game_id: idOf(0), year_published: 2010 },
      { name: 'Old', type: 'expansion', parent_game_id: idOf(0), year_published: 2001 },
      { name: 'Undated', type: 'expansion', parent_game_id: idOf(0) },
    ],
  });

  it('finds rows by UUID in any case, by slug and by legacy id', () => {
    expect(dataset.row(idOf(2))).toBe(2);
    expect(dataset.row(idOf(2).toUpperCase())).toBe(2);
    expect(dataset.row('g-3')).toBe(3);
    expect(dataset.row('nope')).toBeUndefined();
    expect(dataset.rowByLegacyId('1234')).toBe(0);
    expect(dataset.rowByLegacyId('x9')).toBe(1);
    expect(dataset.rowByLegacyId('1')).toBeUndefined();
  });

  it('builds the game record with nulls, sort_name and a numeric legacy id when numeric', () => {
    const base = dataset.game(0);
    expect(base).toMatchObject({
      id: idOf(0),
      slug: 'g-0',
      name: 'The Base',
      sort_name: 'base',
      type: 'base_game',
      weight: 2.5,
      legacy_id: 1234,
    });
    expect(base.min_players).toBeNull();
    expect(base.rating_distribution).toBeNull();
    expect(dataset.game(1).legacy_id).toBe('x9');
    expect(dataset.game(1).parent_game_id).toBe(idOf(0));
  });

  it('lists expansions by year (unknown last), then sort name, and credits designers first', () => {
    const related = dataset.related(0);
    expect(related.expansions).toEqual([3, 2, 1, 4]);
    expect(related.designers.map((d) => d.slug)).toEqual(['person-1']);
    expect(related.artists.map((d) => d.slug)).toEqual(['person-2']);
    const roles = related.credits.map((c) => c.role);
    expect(roles.slice(0, 2)).toEqual(['designer', 'artist']);
    expect(dataset.related(1).expansions).toEqual([]);
  });
});

describe('search', () => {
  it('delegates to the text index over names and alternate names', () => {
    const { dataset } = handCatalog({ games: [{ name: 'Brass Birmingham', bayes_rating: 8 }, { name: 'Azul' }] });
    const hits = dataset.search('brass', 5);
    expect(hits.map((h) => h.row)).toEqual([0]);
    expect(dataset.search('zzzz', 5)).toEqual([]);
  });

  it("answers every text call from its own work: no call reuses an earlier call's matches", () => {
    const { dataset } = handCatalog({ games: [{ name: 'Brass Birmingham', bayes_rating: 8 }, { name: 'Azul' }] });
    const first = dataset.textMatches('brass');
    const again = dataset.textMatches('brass');
    expect(Array.from(again.rows)).toEqual(Array.from(first.rows));
    expect(again.rows).not.toBe(first.rows);
    // A query ranking by relevance needs the matches twice within the call, not after it.
    const page = dataset.query({ filter: { q: 'brass' }, sort: 'relevance', order: 'desc', limit: 5 });
    expect(page.rows).toEqual([0]);
    expect(page.total).toBe(1);
    expect(dataset.textMatches('brass').rows).not.toBe(first.rows);
  });
});
