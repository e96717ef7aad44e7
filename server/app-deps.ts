// What createApp (server/app.ts) is built from, and what every route registrar receives.
// Its own module so routes can name it without importing the app that registers them.

import type { Store } from '../loader/store.js';
import type { ApiKeys } from './auth/api-keys.js';
import type { SnapshotCadence } from './config.js';
import type { CursorCodec } from './cursor.js';
import type { Logger } from './logger.js';
import type { Materializer } from './materializer.js';
import type { AppMetrics } from './metrics.js';
import type { EdgeSettings } from './middleware/edge-settings.js';
import type { ReplicaRole } from './replica-guard.js';
import type { DatasetState } from './state.js';

/** The version of the /v1 contract this build serves (the index and the OpenAPI document). */
export const API_VERSION = '1.0.0';

export interface AppDeps extends ReplicaRole {
  state: DatasetState;
  store: Store;
  cursors: CursorCodec;
  keys: ApiKeys;
  materializer: Materializer;
  /** Base of problem `type` URIs. */
  publicBaseUrl: string;
  logger?: Logger;
  /** Rate limits, CORS and the request timeout; what is omitted takes EDGE_DEFAULTS. */
  edge?: Partial<EdgeSettings>;
  /** This app's metrics; omitted: a fresh registry without process metrics. */
  metrics?: AppMetrics;
  /** True once shutdown has begun (/readyz answers 503). */
  draining?: () => boolean;
  /** METRICS_TOKEN: /metrics wants it as a Bearer token; omitted: /metrics is open. */
  metricsToken?: string;
  /** SNAPSHOT_CADENCE: the default granularity of game history (monthly when omitted). */
  snapshotCadence?: SnapshotCadence;
}
