// Posting bitmaps of the games table: one per taxonomy term, family, publisher, designer,
// artist, award (and award × result), per value of top/recommended player counts, and per
// player count n (min ≤ n ≤ max, the facet keys). Built once per Dataset; all frozen.

import { and, freeze, type Bitmap } from './bitmap.js';
import { AWARD_RESULTS } from './domain.js';
import type { Games } from './games.js';
import type { DatasetInput, GameNumberColumn } from './input.js';
import { GameLinks, type LazyPostings, lazyPostingsPerGroup, postingsByListValue, postingsByTarget } from './links.js';
import type { GamePostings } from './prebuilt.js';
import { NumberTable } from './table.js';

/** Facet keys for players stop here (and per-count bitmaps exist up to here). */
export const MAX_FACET_PLAYERS = 20;

export class GameIndexes {
  readonly numbers: NumberTable<GameNumberColumn>;
  readonly terms: Bitmap[];
  readonly termLinks: GameLinks;
  readonly families: Bitmap[];
  readonly familyLinks: GameLinks;
  readonly publishers: Bitmap[];
  readonly publisherLinks: GameLinks;
  /** Built per person on first use (a designer or artist filter): see LazyPostings. */
  readonly designers: LazyPostings;
  readonly artists: LazyPostings;
  readonly creditLinks: GameLinks;
  readonly awards: Bitmap[];
  /** Per result (AWARD_RESULTS index), games with any award of that result. */
  readonly awardResults: Bitmap[];
  /** Per award index × 4 + result index. */
  readonly awardPairs: Map<number, Bitmap>;
  readonly anyAward: Bitmap;
  readonly awardLinks: GameLinks;
  readonly alternateNameLinks: GameLinks;
  readonly relationshipLinks: GameLinks;
  readonly topAt: Map<number, Bitmap>;
  readonly recommendedAt: Map<number, Bitmap>;
  /** Highest max_players of any game, capped at MAX_FACET_PLAYERS (0 when unknown). */
  readonly facetPlayers: number;
  private playerCounts: (Bitmap | undefined)[] = [];

  /**
   * `previous`: the indexes of the Dataset this one updates (the same rows and links,
   * column-update.ts): its postings and the range orders of unchanged columns are taken over.
   */
  constructor(
    games: Games,
    input: DatasetInput,
    interval: number,
    thresholds = true,
    previous?: { indexes: GameIndexes; changed: ReadonlySet<string> },
    /** The postings a column file carried (prebuilt.ts), taken instead of built from the links. */
    postings?: GamePostings,
  ) {
    const n = games.size;
    this.numbers = new NumberTable(n, games.numbers, (level) => games.multiplier(level), interval, thresholds);
    if (previous !== undefined) {
      const { indexes: old, changed } = previous;
      this.numbers.adopt(old.numbers.built(), changed);
      this.terms = old.terms;
      this.termLinks = old.termLinks;
      this.families = old.families;
      this.familyLinks = old.familyLinks;
      this.publishers = old.publishers;
      this.publisherLinks = old.publisherLinks;
      this.designers = old.designers;
      this.artists = old.artists;
      this.creditLinks = old.creditLinks;
      this.awards = old.awards;
      this.awardResults = old.awardResults;
      this.awardPairs = old.awardPairs;
      this.anyAward = old.anyAward;
      this.awardLinks = old.awardLinks;
      this.alternateNameLinks = old.alternateNameLinks;
      this.relationshipLinks = old.relationshipLinks;
      this.topAt = changed.has('top_player_counts') ? postingsByListValue(input.lists.top_player_counts) : old.topAt;
      this.recommendedAt = changed.has('recommended_player_counts')
        ? postingsByListValue(input.lists.recommended_player_counts)
        : old.recommendedAt;
      if (changed.has('min_players') || changed.has('max_players')) this.facetPlayers = facetPlayersOf(games);
      else {
        this.facetPlayers = old.facetPlayers;
        this.playerCounts = old.playerCounts;
      }
      return;
    }
    this.terms = postings
      ? [...postings.terms]
      : postingsByTarget(input.gameTerms.game, input.gameTerms.target, input.terms.length);
    this.termLinks = GameLinks.build(input.gameTerms.game, n);
    this.families = postings
      ? [...postings.families]
      : postingsByTarget(input.gameFamilies.game, input.gameFamilies.target, input.families.length);
    this.familyLinks = GameLinks.build(input.gameFamilies.game, n);
    this.publishers = postings
      ? [...postings.publishers]
      : postingsByTarget(input.gamePublishers.game, input.gamePublishers.target, input.publishers.length);
    this.publisherLinks = GameLinks.build(input.gamePublishers.game, n);
    const credits = input.gameCredits;
    // Plain loops, not TypedArray.from(array, fn): that walks an iterator, a garbage object per
    // element (400,000 credits: ~30 MB for the collector at every start).
    const roleGroup = new Uint8Array(credits.role.length);
    for (let e = 0; e < roleGroup.length; e++) {
      const role = credits.role[e];
      roleGroup[e] = role === 'designer' ? 0 : role === 'artist' ? 1 : 2;
    }
    [this.designers, this.artists] = lazyPostingsPerGroup(
      credits.game,
      credits.target,
      input.people.length,
      roleGroup,
      2,
    );
    this.creditLinks = GameLinks.build(credits.game, n);

    const awards = input.gameAwards;
    if (postings) {
      this.awards = [...postings.awards];
      this.awardResults = [...postings.awardResults];
      this.awardPairs = new Map(postings.awardPairs);
      this.anyAward = postings.anyAward;
    } else {
      // loops, not Uint32Array.from(…, mapFn): V8 maps through its slow generic path
      const resultIndex = new Uint32Array(awards.result.length);
      for (let e = 0; e < resultIndex.length; e++) resultIndex[e] = AWARD_RESULTS.indexOf(awards.result[e]);
      this.awards = postingsByTarget(awards.game, awards.award, input.awards.length);
      this.awardResults = postingsByTarget(awards.game, resultIndex, AWARD_RESULTS.length);
      const pairKeys = new Uint32Array(awards.award.length);
      for (let e = 0; e < pairKeys.length; e++) pairKeys[e] = awards.award[e] * AWARD_RESULTS.length + resultIndex[e];
      const pairs = postingsByTarget(awards.game, pairKeys, input.awards.length * AWARD_RESULTS.length);
      this.awardPairs = new Map();
      pairs.forEach((bitmap, key) => {
        if (bitmap.size > 0) this.awardPairs.set(key, bitmap);
      });
      this.anyAward = postingsByTarget(awards.game, new Uint32Array(awards.game.length), 1)[0];
    }
    this.awardLinks = GameLinks.build(awards.game, n);
    this.alternateNameLinks = GameLinks.build(input.alternateNames.game, n);
    const rel = input.relationships;
    // Each edge appears under its source and (when different) its target.
    const relGames = new Uint32Array(rel.source.length * 2);
    relGames.set(rel.source, 0);
    relGames.set(rel.target, rel.source.length);
    this.relationshipLinks = GameLinks.build(
      relGames,
      n,
      (e) => e < rel.source.length || rel.target[e - rel.source.length] !== rel.source[e - rel.source.length],
    );

    this.topAt = postingsByListValue(input.lists.top_player_counts);
    this.recommendedAt = postingsByListValue(input.lists.recommended_player_counts);
    this.facetPlayers = facetPlayersOf(games);
  }

  /** The postings a column file carries (prebuilt.ts encodes them; a start takes them back). */
  postings(): GamePostings {
    const { terms, families, publishers, awards, awardResults, awardPairs, anyAward } = this;
    return { terms, families, publishers, awards, awardResults, awardPairs, anyAward };
  }

  /** Games with min_players ≤ count ≤ max_players; cached for the facet counts. */
  players(count: number): Bitmap {
    const small = Number.isInteger(count) && count >= 0 && count <= MAX_FACET_PLAYERS;
    if (small) {
      const cached = this.playerCounts[count];
      if (cached) return cached;
    }
    const out = and(
      this.numbers.range('min_players', -Infinity, count),
      this.numbers.range('max_players', count, Infinity),
    );
    if (small) this.playerCounts[count] = freeze(out);
    return out;
  }
}

/** The highest max_players of any game, capped at MAX_FACET_PLAYERS (0 when unknown). */
function facetPlayersOf(games: Games): number {
  let maxPlayers = 0;
  const values = games.numbers.max_players;
  for (let row = 0; row < values.length; row++) if (values[row] > maxPlayers) maxPlayers = values[row];
  return Math.min(MAX_FACET_PLAYERS, Math.floor(maxPlayers));
}
