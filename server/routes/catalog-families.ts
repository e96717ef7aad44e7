// GET /v1/families and /v1/families/{slug}. A family's detail view is the family plus one
// keyset page of its games — the same query, Game JSON and paging as
// GET /v1/games?family=<slug> — with `meta` and `next` / `prev` links to page on.

import type { H3, H3Event } from 'h3';
import type { Filter } from '../../engine/index.js';
import type { AppDeps } from '../app-deps.js';
import { pathParam, route, sendJson } from '../http.js';
import { API_PREFIX } from '../links.js';
import { entityPath, familyObject, gamesLink } from '../present/catalog-json.js';
import { gameJsonWith } from '../present/game-json.js';
import { notFoundProblem } from '../problem.js';
import { entityListQuery, familyQuery, parseFamilyGames } from '../schemas/catalog-params.js';
import { familyListSchema, familySchema } from '../schemas/catalog-responses.js';
import { listEntities, problemDoc } from './catalog-list.js';
import { pageNavigation } from './games.js';

export function registerFamilyRoutes(app: H3, deps: AppDeps): void {
  const path = `${API_PREFIX}/families`;
  route(
    app,
    path,
    {
      GET: (event) =>
        listEntities(event, deps, {
          path,
          endpoint: 'families',
          items: (dataset) => dataset.families(),
          present: familyObject,
        }),
    },
    {
      GET: {
        summary: 'List game families',
        description: 'Every family with game_count (as GET /v1/games?family=<slug> counts).',
        tags: ['families'],
        query: entityListQuery,
        responses: {
          200: { description: 'A page of families', schema: familyListSchema },
          400: problemDoc('Unknown parameter, bad sort, order, limit or cursor'),
        },
      },
    },
  );
  route(
    app,
    `${path}/:slug`,
    { GET: (event) => showFamily(event, deps) },
    {
      GET: {
        summary: 'One game family with a page of its games',
        description:
          'The family (id, slug, name, description, game_count), `games`: one page of its games in the Game shape ' +
          'of the games list, `meta`: paging as in a list envelope (total = game_count), `_links`: self, games, ' +
          'and next / prev for the neighbouring pages. Games sort as on /v1/games (default name).',
        tags: ['families'],
        query: familyQuery,
        responses: {
          200: { description: 'The family and one page of its games', schema: familySchema },
          400: problemDoc('Unknown parameter, bad sort, order, limit or cursor (a cursor of another family included)'),
          404: problemDoc('No family with that slug or id'),
        },
      },
    },
  );
}

function showFamily(event: H3Event, deps: AppDeps): string {
  const dataset = deps.state.current;
  const key = pathParam(event, 'slug');
  const family = dataset.family(key);
  if (family === undefined) throw notFoundProblem(`No family with slug or id "${key}".`);
  const filter: Filter = { family: [family.slug] };
  const self = entityPath('families', family.slug);
  // One cursor key per family: a cursor from another family's page is refused.
  const endpoint = `families/${family.slug}`;
  const request = parseFamilyGames(event.url.searchParams, deps.cursors, endpoint, filter, dataset);
  const page = dataset.query(request);
  const games = page.rows.map((row) => gameJsonWith(dataset, row, [['matched_via', null]]));
  const { meta, links } = pageNavigation(event, deps.cursors, { ...request, include: [] }, page, self, endpoint);
  const head = JSON.stringify({
    id: family.id,
    slug: family.slug,
    name: family.name,
    description: family.description,
    game_count: family.game_count,
  });
  const tail = `"games":[${games.join(',')}],"meta":${JSON.stringify(meta)},"_links":${JSON.stringify({ ...links, games: gamesLink('family', family.slug) })}`;
  return sendJson(event, `${head.slice(0, -1)},${tail}}`);
}
