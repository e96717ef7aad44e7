// Routes for POST /v1/games/search (+ GET continuation) and GET /v1/search.

import type { H3 } from 'h3';
import type { AppDeps } from '../app.js';

export function registerSearchRoutes(app: H3, deps: AppDeps): void {
  void app;
  void deps;
}
