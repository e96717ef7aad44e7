// Cross-sectional trend endpoints (contract, Trend endpoints; SPEC-NOTES §10, D51–D53).
// Registered from app.ts; the routes arrive with the analytics work.

import type { H3 } from 'h3';
import type { Store } from '../../loader/store.js';
import type { DatasetState } from '../state.js';

export interface TrendRouteDeps {
  state: DatasetState;
  store: Store;
}

export function registerTrendRoutes(_app: H3, _deps: TrendRouteDeps): void {}
