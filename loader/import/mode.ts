// A BGG game's `mode` (GameMode, SPEC-NOTES: the dominant play mode; `mixed` when none
// dominates), derived from its mechanics and player counts, since BGG has no such field.
// The rules, first match wins (docs/import-bgg-csv.md#mode):
//   1. cooperative together with semi-cooperative, traitor or team-based play → mixed
//      (players work together, but not all of them, or not all the time);
//      semi-cooperative alone → mixed
//   2. cooperative → cooperative
//   3. team-based → team
//   4. at most one player (max_players 1), or the solo mechanic with no player counts → solo
//   5. anything else → competitive (BGG's default: a multiplayer game without those markers)

import type { GameMode } from '../../engine/index.js';

/** Mechanic slugs of the BGG term map that decide the mode. */
export const MODE_MECHANICS = {
  cooperative: 'cooperative',
  semiCooperative: 'semi-cooperative',
  traitor: 'traitor',
  team: 'team-based-game',
  solo: 'solo',
} as const;

export interface ModeInput {
  mechanics?: readonly string[];
  min_players?: number;
  max_players?: number;
}

export function deriveMode(game: ModeInput): GameMode {
  const m = new Set(game.mechanics ?? []);
  const coop = m.has(MODE_MECHANICS.cooperative);
  const semi = m.has(MODE_MECHANICS.semiCooperative);
  const team = m.has(MODE_MECHANICS.team);
  if (semi || (coop && (m.has(MODE_MECHANICS.traitor) || team))) return 'mixed';
  if (coop) return 'cooperative';
  if (team) return 'team';
  if (game.max_players === 1) return 'solo';
  if (game.max_players === undefined && game.min_players === undefined && m.has(MODE_MECHANICS.solo)) return 'solo';
  return 'competitive';
}

/**
 * The mode a BGG importer writes: derived, unless the stored game carries a mode that is not
 * the derivation of its stored fields (a curated catalog's choice), which stays.
 */
export function modeFor(game: ModeInput, stored: (ModeInput & { mode?: unknown }) | undefined): GameMode | undefined {
  if (stored?.mode !== undefined && stored.mode !== deriveMode(stored)) return undefined;
  return deriveMode(game);
}
