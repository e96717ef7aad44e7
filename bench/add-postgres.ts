// The PostgreSQL method joins a filter-plan setup when a server answers (synthetic and
// real-data stages alike); otherwise a note says why not.

import type { Store } from '../loader/store.js';
import type { FilterPlanSetup } from './filter-plans.js';
import type { BenchOptions } from './options.js';
import { connectPostgres, setupPostgres } from './postgres.js';
import type { PostgresFigures } from './figures.js';

export async function addPostgres(
  options: Pick<BenchOptions, 'noPostgres'>,
  store: Store,
  setup: FilterPlanSetup,
  log: (line: string) => void,
): Promise<PostgresFigures> {
  if (options.noPostgres) return { status: 'skipped', note: 'skipped (--no-postgres)' };
  const conn = await connectPostgres(process.env);
  if ('skipped' in conn) {
    log(`postgres: ${conn.skipped}`);
    return { status: 'skipped', note: `skipped: ${conn.skipped}` };
  }
  const { method, loadMs } = await setupPostgres(conn, store, setup.bitmask, log);
  setup.methods.push(method);
  return { status: 'ran', note: `${conn.note}, scratch schema dropped afterwards`, loadMs };
}
