// Routes for GET /v1/export/games, the streamed bulk export.

import type { H3 } from 'h3';
import type { AppDeps } from '../app.js';

export function registerExportRoutes(app: H3, deps: AppDeps): void {
  void app;
  void deps;
}
