// Entity lists of the Dataset (terms, people and their role views, publishers, families,
// awards): order, lookups, and game counts checked twice — against distinct games counted
// straight from the link input, and against the total of the matching games filter.

import { describe, expect, it } from 'vitest';
import type { EntityBase } from '../../engine/api.js';
import { buildDataset } from '../../engine/dataset.js';
import { PERSON_ROLES, TAXONOMY_KINDS, type PersonRole } from '../../engine/domain.js';
import type { Filter } from '../../engine/query.js';
import { randomCatalog } from './random-catalog.js';

const { input, ids } = randomCatalog(11, { games: 90 });
const dataset = buildDataset(input);

function total(filter: Filter): number {
  return dataset.query({ filter, sort: 'name', order: 'asc', limit: 1 }).total;
}

/** Distinct games per target index of a link list, entries passing `keep` only. */
function distinct(
  link: { game: Uint32Array; target: Uint32Array },
  targets: number,
  keep: (e: number) => boolean = () => true,
): number[] {
  const sets = Array.from({ length: targets }, () => new Set<number>());
  for (let e = 0; e < link.game.length; e++) if (keep(e)) sets[link.target[e]].add(link.game[e]);
  return sets.map((s) => s.size);
}

function expectNameOrder(list: readonly EntityBase[]): void {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1];
    const b = list[i];
    expect(
      a.sort_name < b.sort_name || (a.sort_name === b.sort_name && a.id < b.id),
      `${a.slug} before ${b.slug}`,
    ).toBe(true);
  }
}

describe('terms', () => {
  const counts = distinct(input.gameTerms, input.terms.length);

  it('lists every term of a kind once, by name then id, with its games counted', () => {
    for (const kind of TAXONOMY_KINDS) {
      const list = dataset.terms(kind);
      expect(list.map((t) => t.slug).sort()).toEqual(
        input.terms
          .filter((t) => t.kind === kind)
          .map((t) => t.slug)
          .sort(),
      );
      expectNameOrder(list);
      const filterKey = kind === 'mechanic' ? 'mechanics' : kind === 'category' ? 'category' : 'theme';
      for (const term of list) {
        const index = input.terms.findIndex((t) => t.kind === kind && t.slug === term.slug);
        expect(term.game_count).toBe(counts[index]);
        expect(term.game_count).toBe(total({ [filterKey]: [term.slug] }));
        expect(term.kind).toBe(kind);
      }
    }
    expect(dataset.terms('mechanic').some((t) => t.game_count > 0)).toBe(true);
  });

  it('counts a game tagged twice with the same term once', () => {
    const tagged = new Map<string, number>();
    for (let e = 0; e < input.gameTerms.game.length; e++) {
      const key = `${input.gameTerms.game[e]}:${input.gameTerms.target[e]}`;
      tagged.set(key, (tagged.get(key) ?? 0) + 1);
    }
    expect([...tagged.values()].some((n) => n > 1)).toBe(true);
  });

  it('carries aliases and finds a term by slug, alias or id, within its kind only', () => {
    const mech2 = dataset.term('mechanic', 'mech-2');
    expect(mech2?.aliases).toEqual(['mech-alias-2']);
    expect(dataset.term('mechanic', 'mech-alias-2')).toBe(mech2);
    expect(dataset.term('mechanic', (mech2?.id ?? '').toUpperCase())).toBe(mech2);
    expect(dataset.term('category', 'cat-old')?.slug).toBe('cat-0');
    expect(dataset.term('theme', 'mech-0')?.kind).toBe('theme');
    expect(dataset.term('theme', 'mech-alias-2')).toBeUndefined();
    expect(dataset.term('category', mech2?.id ?? '')).toBeUndefined();
    expect(dataset.term('mechanic', 'nothing')).toBeUndefined();
  });

  it('builds each list once and freezes it', () => {
    const list = dataset.terms('theme');
    expect(dataset.terms('theme')).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0])).toBe(true);
  });
});

describe('people', () => {
  const credits = input.gameCredits;
  const forRole = (role: PersonRole) => distinct(credits, input.people.length, (e) => credits.role[e] === role);
  const all = distinct(credits, input.people.length);

  it('lists everyone, counting games over every role, each game once', () => {
    const people = dataset.people();
    expectNameOrder(people);
    expect(people).toHaveLength(input.people.length);
    for (const person of people) {
      const index = input.people.findIndex((p) => p.slug === person.slug);
      expect(person.game_count).toBe(all[index]);
      for (const role of PERSON_ROLES) expect(person.roles[role]).toBe(forRole(role)[index] || undefined);
    }
  });

  it('shows per role only the people credited in it, counted in it', () => {
    for (const role of PERSON_ROLES) {
      const counts = forRole(role);
      const view = dataset.people(role);
      expectNameOrder(view);
      expect(view.map((p) => p.slug).sort()).toEqual(
        input.people
          .filter((_, i) => counts[i] > 0)
          .map((p) => p.slug)
          .sort(),
      );
      for (const person of view) expect(person.game_count).toBe(person.roles[role]);
    }
    for (const person of dataset.people('designer')) expect(person.game_count).toBe(total({ designer: [person.slug] }));
    for (const person of dataset.people('artist')) expect(person.game_count).toBe(total({ artist: [person.slug] }));
  });

  it('finds a person by slug or id, and only in roles they hold', () => {
    const someone = dataset.people()[0];
    expect(dataset.person(someone.slug)).toBe(someone);
    const index = input.people.findIndex((p) => p.slug === someone.slug);
    expect(dataset.person(ids.people[index].toUpperCase())).toBe(someone);
    for (const role of PERSON_ROLES) {
      const view = dataset.person(someone.slug, role);
      if (someone.roles[role] === undefined) expect(view).toBeUndefined();
      else expect(view?.game_count).toBe(someone.roles[role]);
    }
    expect(dataset.person('nobody')).toBeUndefined();
  });
});

describe('publishers, families, awards', () => {
  it('count the games each publishes, groups or honours', () => {
    const publishers = distinct(input.gamePublishers, input.publishers.length);
    expectNameOrder(dataset.publishers());
    for (const p of dataset.publishers()) {
      expect(p.game_count).toBe(publishers[input.publishers.findIndex((x) => x.slug === p.slug)]);
      expect(p.game_count).toBe(total({ publisher: [p.slug] }));
      expect(p).toMatchObject({ country: null, website: null });
    }
    const families = distinct(input.gameFamilies, input.families.length);
    for (const f of dataset.families()) {
      expect(f.game_count).toBe(families[input.families.findIndex((x) => x.slug === f.slug)]);
      expect(f.game_count).toBe(total({ family: [f.slug] }));
    }
    const awards = distinct({ game: input.gameAwards.game, target: input.gameAwards.award }, input.awards.length);
    for (const a of dataset.awards()) {
      expect(a.game_count).toBe(awards[input.awards.findIndex((x) => x.slug === a.slug)]);
      expect(a.game_count).toBe(total({ award: { slug: a.slug } }));
      expect(a).toMatchObject({ organization: null, website: null });
    }
    expect(dataset.publishers()).toHaveLength(input.publishers.length);
    expect(dataset.families()).toHaveLength(input.families.length);
    expect(dataset.awards()).toHaveLength(input.awards.length);
  });

  it('find by slug or id, and nothing across kinds', () => {
    expect(dataset.award(ids.awards[2])?.slug).toBe('award-2');
    expect(dataset.award('award-1')?.id).toBe(ids.awards[1]);
    expect(dataset.publisher('pub-3')?.slug).toBe('pub-3');
    expect(dataset.family('fam-0')?.slug).toBe('fam-0');
    expect(dataset.family('pub-3')).toBeUndefined();
    expect(dataset.award(ids.people[0])).toBeUndefined();
  });
});
