// Routes for awards, taxonomy, people, publishers and families: entity lists (keyset paged,
// by name or game_count) and detail views, all read from the Dataset's entity lists.

import type { H3 } from 'h3';
import type { AppDeps } from '../app-deps.js';
import { registerAwardRoutes } from './catalog-awards.js';
import { registerFamilyRoutes } from './catalog-families.js';
import { registerPeopleRoutes } from './catalog-people.js';
import { registerTaxonomyRoutes } from './catalog-taxonomy.js';

export function registerCatalogRoutes(app: H3, deps: AppDeps): void {
  registerTaxonomyRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerAwardRoutes(app, deps);
  registerFamilyRoutes(app, deps);
}
