// The columns the plain scan reads, taken straight from the loaded DatasetInput: numeric
// Float64Arrays (NaN = null, zero-copy from Arrow), strings as JS arrays, and per-game
// term and designer lists in CSR form. No bitmaps, no sorted orders: this is the baseline
// the engine's indexes are measured against. Built once per catalog, outside the timings.

import {
  AWARD_RESULTS,
  type DatasetInput,
  numberColumn,
  sortName,
  stringColumn,
  type TaxonomyKind,
} from '../engine/index.js';

/** Per game, a slice of target indexes: targets[offsets[g] .. offsets[g + 1]). */
export interface Csr {
  offsets: Uint32Array;
  targets: Uint32Array;
}

export interface ScanTable {
  size: number;
  ids: string[];
  sortNames: string[];
  /** type and mode as small codes (index into the code list; 0 = null), so rows compare integers. */
  type: Uint8Array;
  typeCodes: readonly (string | null)[];
  mode: Uint8Array;
  modeCodes: readonly (string | null)[];
  year: Float64Array;
  minPlayers: Float64Array;
  maxPlayers: Float64Array;
  minPlaytime: Float64Array;
  maxPlaytime: Float64Array;
  communityMinPlaytime: Float64Array;
  communityMaxPlaytime: Float64Array;
  weight: Float64Array;
  rating: Float64Array;
  ratingVotes: Float64Array;
  bayes: Float64Array;
  experience: {
    first_play: Float64Array;
    learning: Float64Array;
    experienced: Float64Array;
    expert: Float64Array;
  };
  /** Term indexes (into input.terms, any kind) per game. */
  terms: Csr;
  termIndex: Record<TaxonomyKind, Map<string, number>>;
  termCount: number;
  termSlugs: string[];
  termKinds: TaxonomyKind[];
  /** Person indexes (into input.people) credited as designer, per game. */
  designers: Csr;
  personIndex: Map<string, number>;
  personCount: number;
  /** Per game, its GameAwards as award index × AWARD_RESULTS.length + result index. */
  awards: Csr;
  awardIndex: Map<string, number>;
}

export function buildScanTable(input: DatasetInput): ScanTable {
  const games = input.games;
  const size = games.numRows;
  const ids = stringColumn(games, 'id').map((id) => id ?? '');
  const termIndex: Record<TaxonomyKind, Map<string, number>> = {
    mechanic: new Map(),
    category: new Map(),
    theme: new Map(),
  };
  for (const [index, term] of input.terms.entries()) termIndex[term.kind].set(term.slug, index);
  const credits = input.gameCredits;
  const designerEntries = credits.role.flatMap((role, entry) => (role === 'designer' ? [entry] : []));
  return {
    size,
    ids,
    sortNames: stringColumn(games, 'name').map((name) => sortName(name ?? '')),
    ...encode('type', stringColumn(games, 'type')),
    ...encode('mode', stringColumn(games, 'mode')),
    year: numberColumn(games, 'year_published'),
    minPlayers: numberColumn(games, 'min_players'),
    maxPlayers: numberColumn(games, 'max_players'),
    minPlaytime: numberColumn(games, 'min_playtime'),
    maxPlaytime: numberColumn(games, 'max_playtime'),
    communityMinPlaytime: numberColumn(games, 'community_min_playtime'),
    communityMaxPlaytime: numberColumn(games, 'community_max_playtime'),
    weight: numberColumn(games, 'weight'),
    rating: numberColumn(games, 'rating'),
    ratingVotes: numberColumn(games, 'rating_votes'),
    bayes: numberColumn(games, 'bayes_rating'),
    experience: {
      first_play: numberColumn(games, 'experience_first_play'),
      learning: numberColumn(games, 'experience_learning'),
      experienced: numberColumn(games, 'experience_experienced'),
      expert: numberColumn(games, 'experience_expert'),
    },
    terms: csr(size, input.gameTerms.game, input.gameTerms.target),
    termIndex,
    termCount: input.terms.length,
    termSlugs: input.terms.map((term) => term.slug),
    termKinds: input.terms.map((term) => term.kind),
    designers: csr(
      size,
      Uint32Array.from(designerEntries, (e) => credits.game[e]),
      Uint32Array.from(designerEntries, (e) => credits.target[e]),
    ),
    personIndex: new Map(input.people.map((person, index) => [person.slug, index])),
    personCount: input.people.length,
    awards: csr(
      size,
      input.gameAwards.game,
      Uint32Array.from(
        input.gameAwards.award,
        (award, e) => award * AWARD_RESULTS.length + AWARD_RESULTS.indexOf(input.gameAwards.result[e]),
      ),
    ),
    awardIndex: new Map(input.awards.map((award, index) => [award.slug, index])),
  };
}

/** Small-domain strings as codes: code 0 is null, the others index `${name}Codes`. */
function encode<N extends 'type' | 'mode'>(
  name: N,
  values: readonly (string | null)[],
): Record<N, Uint8Array> & Record<`${N}Codes`, (string | null)[]> {
  const codes: (string | null)[] = [null];
  const index = new Map<string, number>();
  const out = new Uint8Array(values.length);
  values.forEach((value, row) => {
    if (value === null) return;
    let code = index.get(value);
    if (code === undefined) {
      code = codes.push(value) - 1;
      if (code > 255) throw new RangeError(`too many distinct ${name} values for the scan`);
      index.set(value, code);
    }
    out[row] = code;
  });
  return { [name]: out, [`${name}Codes`]: codes } as Record<N, Uint8Array> & Record<`${N}Codes`, (string | null)[]>;
}

/** Groups (game, target) pairs by game with a counting sort. */
function csr(size: number, game: Uint32Array, target: Uint32Array): Csr {
  const offsets = new Uint32Array(size + 1);
  for (let e = 0; e < game.length; e++) offsets[game[e] + 1]++;
  for (let g = 0; g < size; g++) offsets[g + 1] += offsets[g];
  const cursor = offsets.slice(0, size);
  const targets = new Uint32Array(game.length);
  for (let e = 0; e < game.length; e++) targets[cursor[game[e]]++] = target[e];
  return { offsets, targets };
}
