// Posting bitmaps of the games table: one per taxonomy term, family, publisher, designer,
// artist, award (and award × result), per value of top/recommended player counts, and per
// player count n (min ≤ n ≤ max, the facet keys). Built once per Dataset; all frozen.

import { and, freeze, type Bitmap } from './bitmap.js';
import { AWARD_RESULTS } from './domain.js';
import type { Games } from './games.js';
import type { DatasetInput, GameNumberColumn } from './input.js';
import {
  GameLinks,
  type LazyPostings,
  lazyPostingsPerGroup,
  postingsByListValue,
  postingsByTarget,
  postingsByTargetSteps,
} from './links.js';
import type { GamePostings } from './prebuilt.js';
import { runSteps } from './steps.js';
import { NumberTable } from './table.js';

/** Facet keys for players stop here (and per-count bitmaps exist up to here). */
export const MAX_FACET_PLAYERS = 20;

export class GameIndexes {
  readonly numbers: NumberTable<GameNumberColumn>;
  readonly terms: readonly Bitmap[];
  readonly termLinks: GameLinks;
  readonly families: readonly Bitmap[];
  readonly familyLinks: GameLinks;
  readonly publishers: readonly Bitmap[];
  readonly publisherLinks: GameLinks;
  /** Built per person on first use (a designer or artist filter): see LazyPostings. */
  readonly designers: LazyPostings;
  readonly artists: LazyPostings;
  readonly creditLinks: GameLinks;
  readonly awards: readonly Bitmap[];
  /** Per result (AWARD_RESULTS index), games with any award of that result. */
  readonly awardResults: readonly Bitmap[];
  /** Per award index × 4 + result index. */
  readonly awardPairs: ReadonlyMap<number, Bitmap>;
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
   * `from.previous`: the indexes of the Dataset this one updates (the same rows and links,
   * column-update.ts): its postings and the range orders of unchanged columns are taken over.
   * `from.parts`: postings and links built beforehand (buildSteps). Neither: built here.
   */
  constructor(
    games: Games,
    input: DatasetInput,
    interval: number,
    thresholds = true,
    from?: { previous: { indexes: GameIndexes; changed: ReadonlySet<string> } } | { parts: GameIndexParts },
  ) {
    const n = games.size;
    this.numbers = new NumberTable(n, games.numbers, (level) => games.multiplier(level), interval, thresholds);
    let parts: GameIndexParts;
    if (from !== undefined && 'previous' in from) {
      const { indexes: old, changed } = from.previous;
      this.numbers.adopt(old.numbers.built(), changed);
      const playersChanged = changed.has('min_players') || changed.has('max_players');
      parts = {
        ...old.postings(),
        termLinks: old.termLinks,
        familyLinks: old.familyLinks,
        publisherLinks: old.publisherLinks,
        designers: old.designers,
        artists: old.artists,
        creditLinks: old.creditLinks,
        awardLinks: old.awardLinks,
        alternateNameLinks: old.alternateNameLinks,
        relationshipLinks: old.relationshipLinks,
        topAt: changed.has('top_player_counts') ? postingsByListValue(input.lists.top_player_counts) : old.topAt,
        recommendedAt: changed.has('recommended_player_counts')
          ? postingsByListValue(input.lists.recommended_player_counts)
          : old.recommendedAt,
        facetPlayers: playersChanged ? facetPlayersOf(games) : old.facetPlayers,
      };
      if (!playersChanged) this.playerCounts = old.playerCounts;
    } else parts = from?.parts ?? runSteps(indexPartsSteps(games, input));
    this.terms = parts.terms;
    this.termLinks = parts.termLinks;
    this.families = parts.families;
    this.familyLinks = parts.familyLinks;
    this.publishers = parts.publishers;
    this.publisherLinks = parts.publisherLinks;
    this.designers = parts.designers;
    this.artists = parts.artists;
    this.creditLinks = parts.creditLinks;
    this.awards = parts.awards;
    this.awardResults = parts.awardResults;
    this.awardPairs = parts.awardPairs;
    this.anyAward = parts.anyAward;
    this.awardLinks = parts.awardLinks;
    this.alternateNameLinks = parts.alternateNameLinks;
    this.relationshipLinks = parts.relationshipLinks;
    this.topAt = parts.topAt;
    this.recommendedAt = parts.recommendedAt;
    this.facetPlayers = parts.facetPlayers;
  }

  /**
   * The indexes built in steps (a section's postings or links a step), for a Dataset built
   * while another serves: in one piece they held a reload's thread 60–170 ms at 150,000 games.
   * `postings`: the ones a column file carried (prebuilt.ts), taken instead of built.
   */
  static *buildSteps(
    games: Games,
    input: DatasetInput,
    interval: number,
    thresholds: boolean,
    postings?: GamePostings,
  ): Generator<void, GameIndexes> {
    const parts = yield* indexPartsSteps(games, input, postings);
    return new GameIndexes(games, input, interval, thresholds, { parts });
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

/** What GameIndexes holds besides its range orders and per-count player bitmaps. */
interface GameIndexParts extends GamePostings {
  termLinks: GameLinks;
  familyLinks: GameLinks;
  publisherLinks: GameLinks;
  designers: LazyPostings;
  artists: LazyPostings;
  creditLinks: GameLinks;
  awardLinks: GameLinks;
  alternateNameLinks: GameLinks;
  relationshipLinks: GameLinks;
  topAt: Map<number, Bitmap>;
  recommendedAt: Map<number, Bitmap>;
  facetPlayers: number;
}

/** GameIndexParts from the input, a section a step; `postings` taken when given. */
function* indexPartsSteps(games: Games, input: DatasetInput, postings?: GamePostings): Generator<void, GameIndexParts> {
  const n = games.size;
  const terms =
    postings?.terms ?? (yield* postingsByTargetSteps(input.gameTerms.game, input.gameTerms.target, input.terms.length));
  yield;
  const termLinks = GameLinks.build(input.gameTerms.game, n);
  yield;
  const families =
    postings?.families ??
    (yield* postingsByTargetSteps(input.gameFamilies.game, input.gameFamilies.target, input.families.length));
  const familyLinks = GameLinks.build(input.gameFamilies.game, n);
  yield;
  const publishers =
    postings?.publishers ??
    (yield* postingsByTargetSteps(input.gamePublishers.game, input.gamePublishers.target, input.publishers.length));
  const publisherLinks = GameLinks.build(input.gamePublishers.game, n);
  yield;
  const credits = input.gameCredits;
  // Plain loops, not TypedArray.from(array, fn): that walks an iterator, a garbage object per
  // element (400,000 credits: ~30 MB for the collector at every start).
  const roleGroup = new Uint8Array(credits.role.length);
  for (let e = 0; e < roleGroup.length; e++) {
    const role = credits.role[e];
    roleGroup[e] = role === 'designer' ? 0 : role === 'artist' ? 1 : 2;
  }
  const [designers, artists] = lazyPostingsPerGroup(credits.game, credits.target, input.people.length, roleGroup, 2);
  yield;
  const creditLinks = GameLinks.build(credits.game, n);
  yield;
  const awards = input.gameAwards;
  const awardPostings = postings ?? awardPostingsOf(input);
  const awardLinks = GameLinks.build(awards.game, n);
  const alternateNameLinks = GameLinks.build(input.alternateNames.game, n);
  yield;
  const rel = input.relationships;
  // Each edge appears under its source and (when different) its target.
  const relGames = new Uint32Array(rel.source.length * 2);
  relGames.set(rel.source, 0);
  relGames.set(rel.target, rel.source.length);
  const relationshipLinks = GameLinks.build(
    relGames,
    n,
    (e) => e < rel.source.length || rel.target[e - rel.source.length] !== rel.source[e - rel.source.length],
  );
  yield;
  return {
    terms,
    termLinks,
    families,
    familyLinks,
    publishers,
    publisherLinks,
    designers,
    artists,
    creditLinks,
    awards: awardPostings.awards,
    awardResults: awardPostings.awardResults,
    awardPairs: awardPostings.awardPairs,
    anyAward: awardPostings.anyAward,
    awardLinks,
    alternateNameLinks,
    relationshipLinks,
    topAt: postingsByListValue(input.lists.top_player_counts),
    recommendedAt: postingsByListValue(input.lists.recommended_player_counts),
    facetPlayers: facetPlayersOf(games),
  };
}

/** The award postings: per award, per result, per award × result that occurs, and any award. */
function awardPostingsOf(
  input: DatasetInput,
): Pick<GamePostings, 'awards' | 'awardResults' | 'awardPairs' | 'anyAward'> {
  const awards = input.gameAwards;
  // loops, not Uint32Array.from(…, mapFn): V8 maps through its slow generic path
  const resultIndex = new Uint32Array(awards.result.length);
  for (let e = 0; e < resultIndex.length; e++) resultIndex[e] = AWARD_RESULTS.indexOf(awards.result[e]);
  const pairKeys = new Uint32Array(awards.award.length);
  for (let e = 0; e < pairKeys.length; e++) pairKeys[e] = awards.award[e] * AWARD_RESULTS.length + resultIndex[e];
  const pairs = postingsByTarget(awards.game, pairKeys, input.awards.length * AWARD_RESULTS.length);
  const awardPairs = new Map<number, Bitmap>();
  pairs.forEach((bitmap, key) => {
    if (bitmap.size > 0) awardPairs.set(key, bitmap);
  });
  return {
    awards: postingsByTarget(awards.game, awards.award, input.awards.length),
    awardResults: postingsByTarget(awards.game, resultIndex, AWARD_RESULTS.length),
    awardPairs,
    anyAward: postingsByTarget(awards.game, new Uint32Array(awards.game.length), 1)[0],
  };
}

/** The highest max_players of any game, capped at MAX_FACET_PLAYERS (0 when unknown). */
function facetPlayersOf(games: Games): number {
  let maxPlayers = 0;
  const values = games.numbers.max_players;
  for (let row = 0; row < values.length; row++) if (values[row] > maxPlayers) maxPlayers = values[row];
  return Math.min(MAX_FACET_PLAYERS, Math.floor(maxPlayers));
}
