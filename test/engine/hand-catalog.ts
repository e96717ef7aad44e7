// Hand-written catalogs for focused engine tests: a few games with only the fields a test
// cares about, turned into engine input the same way the random catalogs are.

import { buildDataset, type Dataset } from '../../engine/dataset.js';
import type { OracleCatalog, OracleCombination, OracleGame, OracleModification } from '../oracle.js';
import { blankGame, TEST_VOCABULARY, toInput } from './random-catalog.js';

export interface HandCatalog {
  games: Partial<OracleGame>[];
  modifications?: OracleModification[];
  combinations?: Partial<OracleCombination>[];
  expands?: { source: number; target: number }[];
}

export function handCatalog(spec: HandCatalog): { dataset: Dataset; oracle: OracleCatalog } {
  const oracle: OracleCatalog = {
    games: spec.games.map((g, i) => blankGame(i, g)),
    modifications: spec.modifications ?? [],
    combinations: (spec.combinations ?? []).map((c) => ({
      base: 0,
      expansions: [],
      min_players: null,
      max_players: null,
      min_playtime: null,
      max_playtime: null,
      weight: null,
      min_age: null,
      top_at: null,
      recommended_at: null,
      ...c,
    })),
    expands: spec.expands ?? [],
  };
  return { dataset: buildDataset(toInput(oracle, TEST_VOCABULARY()).input), oracle };
}

/** The id blankGame gives game `index`. */
export function idOf(index: number): string {
  return blankGame(index).id;
}
