// Expansion families: expansion games, their property modifications and the explicit
// expansion combinations (filled in below).

import type { CombinationFact, GameFact, ModificationFact } from './types.js';

export const EXPANSIONS: readonly GameFact[] = [];
export const MODIFICATIONS: readonly ModificationFact[] = [];
export const COMBINATIONS: readonly CombinationFact[] = [];
