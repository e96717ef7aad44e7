// Routes for GET /v1/openapi.json and the /docs reference page.

import type { H3 } from 'h3';
import type { AppDeps } from '../app.js';

export function registerDocsRoutes(app: H3, deps: AppDeps): void {
  void app;
  void deps;
}
