// GET /v1/awards and /v1/awards/{id}: the awards with the number of distinct games holding
// any GameAward of each (nominated, shortlisted, recommended or won).

import type { H3 } from 'h3';
import type { AppDeps } from '../app-deps.js';
import { route } from '../http.js';
import { API_PREFIX } from '../links.js';
import { awardObject } from '../present/catalog-json.js';
import { entityListQuery } from '../schemas/catalog-params.js';
import { awardListSchema, awardSchema } from '../schemas/catalog-responses.js';
import { listEntities, problemDoc, showEntity } from './catalog-list.js';

export function registerAwardRoutes(app: H3, deps: AppDeps): void {
  const path = `${API_PREFIX}/awards`;
  route(
    app,
    path,
    {
      GET: (event) =>
        listEntities(event, deps, {
          path,
          endpoint: 'awards',
          items: (dataset) => dataset.awards(),
          present: awardObject,
        }),
    },
    {
      GET: {
        summary: 'List awards',
        description:
          'Every award with organization, website and game_count (as GET /v1/games?award.slug=<slug> counts).',
        tags: ['awards'],
        query: entityListQuery,
        responses: {
          200: { description: 'A page of awards', schema: awardListSchema },
          400: problemDoc('Unknown parameter, bad sort, order, limit or cursor'),
        },
      },
    },
  );
  route(
    app,
    `${path}/:id`,
    {
      GET: (event) =>
        showEntity(
          event,
          'id',
          (key) => deps.state.current.award(key),
          awardObject,
          (key) => `No award with id or slug "${key}".`,
        ),
    },
    {
      GET: {
        summary: 'One award',
        tags: ['awards'],
        responses: {
          200: { description: 'The award', schema: awardSchema },
          400: problemDoc('A query parameter was given (none are taken)'),
          404: problemDoc('No award with that id or slug'),
        },
      },
    },
  );
}
