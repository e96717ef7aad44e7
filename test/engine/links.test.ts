// GameLinks groups link entries by game. Entries that already come grouped (what the loader
// and the column file give) take a shortcut; any order must give what a plain filter gives.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameLinks, lazyPostingsPerGroup, postingsByTarget, postingsByTargetSteps } from '../../engine/links.js';
import { stepped } from '../helpers/stepped.js';

const GAMES = 12;

/** Per game, its entry indexes in input order, as a filter over the entries finds them. */
const naive = (game: readonly number[], keep?: (e: number) => boolean) =>
  Array.from({ length: GAMES }, (_, g) => game.flatMap((x, e) => (x === g && (!keep || keep(e)) ? [e] : [])));

const linksOf = (links: GameLinks) => Array.from({ length: GAMES }, (_, g) => [...links.of(g)]);

describe('GameLinks.build', () => {
  const games = fc.array(fc.integer({ min: 0, max: GAMES - 1 }), { maxLength: 80 });

  it('groups entries in any order, and already grouped ones, as a filter does', () => {
    fc.assert(
      fc.property(games, fc.boolean(), (game, sorted) => {
        const input = sorted ? [...game].sort((a, b) => a - b) : game;
        expect(linksOf(GameLinks.build(Uint32Array.from(input), GAMES))).toEqual(naive(input));
      }),
    );
  });

  it('keeps only the entries `keep` passes', () => {
    fc.assert(
      fc.property(games, (game) => {
        const sorted = [...game].sort((a, b) => a - b);
        const keep = (e: number) => e % 3 !== 0;
        expect(linksOf(GameLinks.build(Uint32Array.from(sorted), GAMES, keep))).toEqual(naive(sorted, keep));
      }),
    );
  });
});

describe('postingsByTarget', () => {
  it('builds the bitmap of games of each target over several steps when the entries are many, as a plain grouping does', () => {
    // 300,000 entries over 40 targets and 50,000 games: several steps' worth of entries
    const entries = 300_000;
    const game = Uint32Array.from({ length: entries }, (_, e) => (e * 7_919) % 50_000);
    const target = Uint32Array.from({ length: entries }, (_, e) => (e * 31 + (e >> 7)) % 40);
    const { result: byTarget, yields } = stepped(postingsByTargetSteps(game, target, 41));
    expect(yields).toBeGreaterThan(3);
    const expected = Array.from({ length: 41 }, () => new Set<number>());
    for (let e = 0; e < entries; e++) expected[target[e]].add(game[e]);
    const plain = postingsByTarget(game, target, 41);
    byTarget.forEach((bitmap, t) => {
      expect(bitmap.toArray()).toEqual([...expected[t]].sort((a, b) => a - b));
      expect(plain[t].toArray()).toEqual(bitmap.toArray());
    });
    // the target no entry names has the (shared) empty bitmap
    expect(byTarget[40].size).toBe(0);
  });
});

describe('lazyPostingsPerGroup', () => {
  it('gives per group and target the games of the entries in that group, built when read', () => {
    const entry = fc.record({
      game: fc.integer({ min: 0, max: 30 }),
      target: fc.integer({ min: 0, max: 5 }),
      group: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const postings = lazyPostingsPerGroup(
          Uint32Array.from(entries, (e) => e.game),
          Uint32Array.from(entries, (e) => e.target),
          6,
          Uint8Array.from(entries, (e) => e.group),
          2,
        );
        expect(postings.map((p) => p.length)).toEqual([6, 6]);
        for (let group = 0; group < 2; group++) {
          for (let target = 0; target < 6; target++) {
            const games = entries.filter((e) => e.group === group && e.target === target).map((e) => e.game);
            expect(postings[group].at(target)?.toArray()).toEqual([...new Set(games)].sort((a, b) => a - b));
            expect(postings[group].at(target)).toBe(postings[group].at(target));
          }
          expect([postings[group].at(6), postings[group].at(-1)]).toEqual([undefined, undefined]);
        }
      }),
    );
  });
});
