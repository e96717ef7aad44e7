// Routes for the sub-resources of one game (expansions, effective properties, polls, credits...).

import type { H3 } from 'h3';
import type { AppDeps } from '../app.js';

export function registerGameResourceRoutes(app: H3, deps: AppDeps): void {
  void app;
  void deps;
}
