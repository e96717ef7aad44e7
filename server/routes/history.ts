// Longitudinal endpoints over GameSnapshot rows (contract, Trend endpoints; SPEC-NOTES
// §10.3, D54, D55). Registered from app.ts; the routes arrive with the analytics work.

import type { H3 } from 'h3';
import type { Store } from '../../loader/store.js';
import type { DatasetState } from '../state.js';

export interface HistoryRouteDeps {
  state: DatasetState;
  store: Store;
}

export function registerHistoryRoutes(_app: H3, _deps: HistoryRouteDeps): void {}
