// Versioned migrations. Each migration runs in its own transaction and records itself in
// schema_migrations; `migrate` applies the pending ones in order and is safe to repeat.

import { bumpDataVersion, type Queryable, type Store } from '../store.js';
import { INITIAL_SCHEMA } from './001-initial.js';
import { OPTIONAL_BASELINE_PAIRS } from './002-optional-baseline-pairs.js';
import { SOURCE_UNRANKED } from './003-source-unranked.js';
import { COMMUNITY_POLLS } from './004-community-polls.js';
import { GAME_IMAGES } from './005-game-images.js';
import { SOURCE_GEEK_RATING } from './006-source-geek-rating.js';
import { SOURCE_AS_OF } from './007-source-as-of.js';

export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', statements: INITIAL_SCHEMA },
  { version: 2, name: 'optional baseline rating and weight', statements: OPTIONAL_BASELINE_PAIRS },
  { version: 3, name: 'baseline unranked by its source', statements: SOURCE_UNRANKED },
  { version: 4, name: 'materialized community polls', statements: COMMUNITY_POLLS },
  { version: 5, name: 'game image and thumbnail', statements: GAME_IMAGES },
  { version: 6, name: "baseline source's geek rating and ranks", statements: SOURCE_GEEK_RATING },
  { version: 7, name: "baseline statistics' as-of date", statements: SOURCE_AS_OF },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

export interface MigrationReport {
  applied: Migration[];
  version: number;
}

export async function appliedVersions(db: Queryable): Promise<number[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name VARCHAR NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT current_timestamp
  )`);
  const rows = await db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((r) => r.version);
}

export async function pendingMigrations(store: Store): Promise<Migration[]> {
  const applied = new Set(await appliedVersions(store));
  return MIGRATIONS.filter((m) => !applied.has(m.version));
}

/** Applies every pending migration; a store newer than this build is refused. */
export async function migrate(store: Store): Promise<MigrationReport> {
  const applied = await appliedVersions(store);
  const newest = applied.length ? Math.max(...applied) : 0;
  if (newest > LATEST_SCHEMA_VERSION) {
    throw new Error(
      `The store at ${store.path} has schema version ${newest}, newer than this Ludex build ` +
        `(${LATEST_SCHEMA_VERSION}). Upgrade Ludex before opening it.`,
    );
  }
  const done = new Set(applied);
  const report: MigrationReport = { applied: [], version: newest };
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue;
    await store.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.run(statement);
      await tx.run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      // A migration may change what the stored data means: any column file is stale now.
      await bumpDataVersion(tx);
    });
    report.applied.push(migration);
    report.version = migration.version;
  }
  return report;
}
