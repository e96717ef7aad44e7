// Paths shared by the HTTP bench and its server process: the two ceiling routes (bench-only,
// registered by bench/http-server.ts on its own app) and the typical filter as a query string.

export const CEILING_JSON_PATH = '/bench/ceiling-json';
export const CEILING_PAGE_PATH = '/bench/ceiling-page';
/**
 * The engine's call for the typical filter, then the pre-built page: the least a route that
 * computes its answer per request does. Asked with the typical query string, so the URL the
 * server reads is as long as the list route's (the route itself runs the query parsed once).
 */
export const CEILING_ENGINE_PAGE_PATH = '/bench/ceiling-engine-page';
/** On the bare server's port: the server process's CPU time (process.cpuUsage()), µs. */
export const CPU_PATH = '/bench/cpu';

/** The typical query of the set (queries.ts), as GET /v1/games parameters. */
export const TYPICAL_QUERY =
  '?players=4&weight_min=2&weight_max=3.5&playtime_max=90&mechanics=cooperative,hand-management' +
  '&theme_not=space&type=base_game&sort=bayes_rating&order=desc&limit=25';
export const TYPICAL_GAMES_PATH = `/v1/games${TYPICAL_QUERY}`;

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
