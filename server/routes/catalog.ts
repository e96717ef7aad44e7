// Routes for awards, taxonomy, people, publishers and families.

import type { H3 } from 'h3';
import type { AppDeps } from '../app.js';

export function registerCatalogRoutes(app: H3, deps: AppDeps): void {
  void app;
  void deps;
}
