// Writers: each takes a batch of resolved records of one kind, decides which ones change
// the store (comparing canonical forms with what is stored), counts them, and writes the
// changes set-wise. Deletes of replaced rows run before inserts, so an upsert that moves a
// value from one record to another within a batch never collides with itself.

import { TAXONOMY_KINDS } from '../../engine/index.js';
import type { Queryable } from '../store.js';
import {
  deleteWhereIn,
  insertRows,
  jsonBatches,
  jsonRowsSource,
  updateRows,
  upsertRows,
  type TableSpec,
} from './bulk.js';
import type { EntityItem, RawItem, RelationshipItem, RewriteItem, SnapshotItem } from './items.js';
import { readNamedLines, readTermLines, type EntityKind, type NamedKind } from './read-entities.js';
import { readGameLines } from './read-games.js';
import { RAW_TABLES, readSnapshotLinesForKeys, type RawKind } from './read-raw.js';
import type { ImportCounts } from './report.js';
import * as T from './tables.js';

interface ChildTable {
  spec: TableSpec;
  key: string;
  /** Fixed extra condition on the rows the entity owns in a shared table. */
  where?: string;
}

interface EntityWriter {
  main: TableSpec;
  /** Columns an upsert overwrites (never id, slug or timestamps). */
  set: readonly string[];
  children: readonly ChildTable[];
  read(db: Queryable, ids: readonly string[]): Promise<Map<string, string>>;
}

const termWriter: EntityWriter = {
  main: T.TERMS,
  set: ['name', 'description', 'parent_id'],
  children: [{ spec: T.TERM_ALIASES, key: 'term_id' }],
  read: readTermLines,
};

function namedWriter(kind: NamedKind, main: TableSpec): EntityWriter {
  return {
    main,
    set: main.columns.map((c) => c.name).filter((c) => c !== 'id' && c !== 'slug'),
    children: [],
    read: (db, ids) => readNamedLines(db, kind, ids),
  };
}

const gameChildren: ChildTable[] = [
  T.GAME_TERMS,
  T.GAME_FAMILIES,
  T.GAME_CREDITS,
  T.GAME_PUBLISHERS,
  T.GAME_AWARDS,
  T.ALTERNATE_NAMES,
  T.BASELINE_STATS,
  T.BASELINE_PLAYER_COUNT_RATINGS,
  T.BASELINE_AGE_POLL,
  T.BASELINE_LANGUAGE_POLL,
  T.BASELINE_EXPERIENCE_PLAYTIME,
].map((spec) => ({ spec, key: 'game_id' }));
gameChildren.push({ spec: T.EXTERNAL_IDENTIFIERS, key: 'game_id', where: `source = '${T.LEGACY_SOURCE}'` });

const WRITERS: Record<EntityKind, EntityWriter> = {
  ...(Object.fromEntries(TAXONOMY_KINDS.map((k) => [k, termWriter])) as Record<
    (typeof TAXONOMY_KINDS)[number],
    EntityWriter
  >),
  person: namedWriter('person', T.PEOPLE),
  publisher: namedWriter('publisher', T.PUBLISHERS),
  family: namedWriter('family', T.FAMILIES),
  award: namedWriter('award', T.AWARDS),
  game: { main: T.GAMES, set: T.GAME_CATALOG_COLUMNS, children: gameChildren, read: readGameLines },
};

export async function writeEntities(
  db: Queryable,
  kind: EntityKind,
  items: readonly EntityItem[],
  counts: ImportCounts,
): Promise<void> {
  const writer = WRITERS[kind];
  const stored = await writer.read(
    db,
    items.filter((i) => i.existed).map((i) => i.id),
  );
  const inserts: EntityItem[] = [];
  const updates: EntityItem[] = [];
  for (const item of items) {
    const before = item.existed ? stored.get(item.id) : undefined;
    if (before === undefined) {
      inserts.push(item);
      counts.inserted++;
    } else if (before === item.canonical) {
      counts.unchanged++;
    } else {
      updates.push(item);
      counts.updated++;
    }
  }
  const updatedIds = updates.map((i) => i.id);
  for (const child of writer.children) await deleteWhereIn(db, child.spec.table, child.key, updatedIds, child.where);
  await updateRows(
    db,
    writer.main,
    'id',
    writer.set,
    updates.map((i) => i.main),
  );
  await insertRows(
    db,
    writer.main,
    inserts.map((i) => i.main),
  );
  const changed = [...updates, ...inserts];
  for (const child of writer.children) {
    await insertRows(
      db,
      child.spec,
      changed.flatMap((i) => i.children[child.spec.table] ?? []),
    );
  }
}

const RELATIONSHIP_KEY = T.RELATIONSHIPS.columns.filter((c) => c.name !== 'ordinal');

export async function writeRelationships(
  db: Queryable,
  items: readonly RelationshipItem[],
  counts: ImportCounts,
): Promise<void> {
  const keyOf = (r: Record<string, unknown>) => `${r.source_game_id}|${r.target_game_id}|${r.relationship_type}`;
  const stored = new Map<string, number>();
  for (const batch of jsonBatches(items.flatMap((i) => i.rows))) {
    const rows = await db.all(
      `SELECT r.source_game_id, r.target_game_id, r.relationship_type, r.ordinal FROM relationships r
       JOIN ${jsonRowsSource(RELATIONSHIP_KEY)} k ON r.source_game_id = k.source_game_id
        AND r.target_game_id = k.target_game_id AND r.relationship_type = k.relationship_type`,
      [batch],
    );
    for (const row of rows) stored.set(keyOf(row), Number(row.ordinal));
  }
  const changed = [];
  for (const item of items) {
    const found = item.rows.map((r) => stored.get(keyOf(r)));
    if (found.every((ordinal, i) => ordinal === item.rows[i].ordinal)) {
      counts.unchanged++;
      continue;
    }
    counts[found.some((o) => o !== undefined) ? 'updated' : 'inserted']++;
    changed.push(...item.rows);
  }
  await upsertRows(
    db,
    T.RELATIONSHIPS,
    ['source_game_id', 'target_game_id', 'relationship_type'],
    ['ordinal'],
    changed,
  );
}

/** Modifications and combinations arrive already classified: replace each by id. */
export async function writeRewrites(db: Queryable, spec: TableSpec, items: readonly RewriteItem[]): Promise<void> {
  await deleteWhereIn(
    db,
    spec.table,
    'id',
    items.map((i) => i.id),
  );
  await insertRows(
    db,
    spec,
    items.map((i) => i.row),
  );
}

const RAW_SPECS: Record<RawKind, TableSpec> = {
  rating_vote: T.RATING_VOTES,
  weight_vote: T.WEIGHT_VOTES,
  player_count_vote: T.PLAYER_COUNT_VOTES,
  age_vote: T.AGE_VOTES,
  language_vote: T.LANGUAGE_VOTES,
  play_log: T.PLAY_LOGS,
};

export async function writeRaw(
  db: Queryable,
  kind: RawKind,
  items: readonly RawItem[],
  counts: ImportCounts,
): Promise<void> {
  const given = items.filter((i) => i.givenId).map((i) => i.id);
  const present = new Set<string>();
  if (given.length > 0) {
    const rows = await db.all<{ id: string }>(
      `SELECT id FROM ${RAW_TABLES[kind].table} WHERE id IN (SELECT unnest($1::VARCHAR[]))`,
      [given],
    );
    for (const row of rows) present.add(row.id);
  }
  const rows = [];
  for (const item of items) {
    // Present in the store, or earlier in this batch: already imported.
    if (present.has(item.id)) {
      counts.skipped++;
      continue;
    }
    present.add(item.id);
    rows.push(item.row);
    counts.inserted++;
  }
  await insertRows(db, RAW_SPECS[kind], rows);
}

const SNAPSHOT_METRICS = T.GAME_SNAPSHOTS.columns
  .map((c) => c.name)
  .filter((c) => c !== 'game_id' && c !== 'snapshot_date');

export async function writeSnapshots(
  db: Queryable,
  items: readonly SnapshotItem[],
  counts: ImportCounts,
): Promise<void> {
  const stored = await readSnapshotLinesForKeys(db, items);
  const changed = [];
  for (const item of items) {
    const before = stored.get(`${item.game_id}|${item.date}`);
    if (before === item.canonical) {
      counts.unchanged++;
      continue;
    }
    counts[before === undefined ? 'inserted' : 'updated']++;
    changed.push(item.row);
  }
  await upsertRows(db, T.GAME_SNAPSHOTS, ['game_id', 'snapshot_date'], SNAPSHOT_METRICS, changed);
}
