// GET /v1/mechanics, /v1/categories, /v1/themes and one term of each: the controlled
// vocabularies with their game counts. An alias in the path answers the canonical term
// (D8), so links built from old slugs keep working.

import type { H3 } from 'h3';
import { TAXONOMY_KINDS, type TaxonomyKind } from '../../engine/index.js';
import type { AppDeps } from '../app-deps.js';
import { route } from '../http.js';
import { API_PREFIX } from '../links.js';
import { TAXONOMY_PATHS, termObject } from '../present/catalog-json.js';
import { entityListQuery } from '../schemas/catalog-params.js';
import { termListSchema, termSchema } from '../schemas/catalog-responses.js';
import { listEntities, problemDoc, showEntity } from './catalog-list.js';

const NOUNS: Readonly<Record<TaxonomyKind, { one: string; many: string }>> = {
  mechanic: { one: 'mechanic', many: 'mechanics' },
  category: { one: 'category', many: 'categories' },
  theme: { one: 'theme', many: 'themes' },
};

export function registerTaxonomyRoutes(app: H3, deps: AppDeps): void {
  for (const kind of TAXONOMY_KINDS) {
    const { segment, filter } = TAXONOMY_PATHS[kind];
    const { one, many } = NOUNS[kind];
    const path = `${API_PREFIX}/${segment}`;
    route(
      app,
      path,
      {
        GET: (event) =>
          listEntities(event, deps, {
            path,
            endpoint: segment,
            items: (dataset) => dataset.terms(kind),
            present: termObject,
          }),
      },
      {
        GET: {
          summary: `List ${many}`,
          description:
            `The ${one} vocabulary: slug, name, description, parent, aliases and game_count (games tagged, as ` +
            `GET /v1/games?${filter}=<slug> counts them). Sorted by name, or by game_count.`,
          tags: ['taxonomy'],
          query: entityListQuery,
          responses: {
            200: { description: `A page of ${many}`, schema: termListSchema },
            400: problemDoc('Unknown parameter, bad sort, order, limit or cursor'),
          },
        },
      },
    );
    route(
      app,
      `${path}/:slug`,
      {
        GET: (event) =>
          showEntity(
            event,
            'slug',
            (key) => deps.state.current.term(kind, key),
            termObject,
            (key) => `No ${one} with slug, alias or id "${key}".`,
          ),
      },
      {
        GET: {
          summary: `One ${one}`,
          description: `By slug, alias or id; an alias answers the canonical ${one}.`,
          tags: ['taxonomy'],
          responses: {
            200: { description: `The ${one}`, schema: termSchema },
            400: problemDoc('A query parameter was given (none are taken)'),
            404: problemDoc(`No ${one} with that slug, alias or id`),
          },
        },
      },
    );
  }
}
