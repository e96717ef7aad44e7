// Ludex's typed client: openapi-fetch over the types generated from /v1/openapi.json, plus
// what a generated client lacks — paging (`for await` over every page or every game), and
// errors thrown as typed RFC 9457 problems. `api` is the whole typed surface for the rest.

import createClient, { type Client } from 'openapi-fetch';
import { LudexProblem, toLudexProblem } from './problem.js';
import type { components, operations, paths } from './schema.js';

export { LudexProblem, type FieldError, type Problem } from './problem.js';
export type { components, operations, paths } from './schema.js';

export type Game = components['schemas']['Game'];
export type GamesQuery = NonNullable<operations['get_v1_games']['parameters']['query']>;
export type GamesPage = operations['get_v1_games']['responses'][200]['content']['application/json'];
export type SearchRequest = components['schemas']['SearchRequest'];
export type SearchPage = operations['post_v1_games_search']['responses'][200]['content']['application/json'];

export interface LudexClientOptions {
  /** Where the API is, e.g. http://localhost:8080 (no /v1). */
  baseUrl: string;
  /** Sent as X-API-Key: raises the rate limit, needed for votes and admin routes. */
  apiKey?: string;
  /** A fetch of your own (tests pass the in-process app's). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface LudexClient {
  /** The typed openapi-fetch client: every operation of the API. */
  api: Client<paths>;
  game(idOrSlug: string, include?: GamesQuery['include']): Promise<Game>;
  /** Every page of GET /v1/games for these filters, following next_cursor. */
  gamePages(query?: GamesQuery): AsyncGenerator<GamesPage>;
  /** Every game of every page. */
  games(query?: GamesQuery): AsyncGenerator<Game>;
  /** Every page of POST /v1/games/search for this body. */
  searchPages(request: SearchRequest): AsyncGenerator<SearchPage>;
}

/** What a call answered: its data, or the problem thrown. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  throw toLudexProblem(result.error, result.response);
}

export function createLudexClient(options: LudexClientOptions): LudexClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.apiKey === undefined ? {} : { 'X-API-Key': options.apiKey },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function* gamePages(query: GamesQuery = {}): AsyncGenerator<GamesPage> {
    // The cursor carries the filters and sort; the same query goes along with it unchanged.
    let cursor: string | undefined;
    do {
      const page = unwrap(
        await api.GET('/v1/games', { params: { query: cursor === undefined ? query : { ...query, cursor } } }),
      );
      yield page;
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  return {
    api,
    async game(idOrSlug, include) {
      return unwrap(
        await api.GET('/v1/games/{id}', {
          params: { path: { id: idOrSlug }, query: include === undefined ? {} : { include } },
        }),
      );
    },
    gamePages,
    async *games(query) {
      for await (const page of gamePages(query)) yield* page.data;
    },
    async *searchPages(request) {
      let cursor: string | undefined;
      do {
        const page = unwrap(
          await api.POST('/v1/games/search', { body: cursor === undefined ? request : { ...request, cursor } }),
        );
        yield page;
        cursor = page.meta.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },
  };
}

export function isLudexProblem(error: unknown): error is LudexProblem {
  return error instanceof LudexProblem;
}
