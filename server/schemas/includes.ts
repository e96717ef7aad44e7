// Values of `include` on the games list, search and detail (contract rule 2, SPEC-NOTES §4.4).

export const GAME_INCLUDES = [
  'expansions',
  'polls',
  'stats',
  'mechanics',
  'categories',
  'themes',
  'families',
  'designers',
  'artists',
  'publishers',
  'credits',
  'awards',
  'alternate_names',
] as const;
export type GameInclude = (typeof GAME_INCLUDES)[number];
