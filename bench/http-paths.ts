// Paths shared by the HTTP bench and its server process: the two ceiling routes (bench-only,
// registered by bench/http-server.ts on its own app) and the typical filter as a query string.

export const CEILING_JSON_PATH = '/bench/ceiling-json';
export const CEILING_PAGE_PATH = '/bench/ceiling-page';
/** On the bare server's port: the server process's CPU time (process.cpuUsage()), µs. */
export const CPU_PATH = '/bench/cpu';

/** The typical query of the set (queries.ts), as GET /v1/games parameters. */
export const TYPICAL_GAMES_PATH =
  '/v1/games?players=4&weight_min=2&weight_max=3.5&playtime_max=90&mechanics=cooperative,hand-management' +
  '&theme_not=space&type=base_game&sort=bayes_rating&order=desc&limit=25';

/** The same filter as a SearchRequest body. */
export const TYPICAL_SEARCH_BODY = {
  players: 4,
  weight_min: 2,
  weight_max: 3.5,
  playtime_max: 90,
  mechanics: ['cooperative', 'hand-management'],
  theme_not: ['space'],
  type: ['base_game'],
  sort: 'bayes_rating',
  order: 'desc',
  limit: 25,
};

/** A 100-game page (the largest a client may ask for), measured plain and compressed. */
export const PAGE_100_PATH = '/v1/games?type=base_game&sort=bayes_rating&order=desc&limit=100';
