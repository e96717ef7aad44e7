// The replica publication next to the store: `<dataDir>/replica/` holds version folders
// (a consistent store copy plus the Dataset's column file, the very format `serve` starts
// from: loader/columns/column-file.ts) and `manifest.json`, which
// names the current version. The manifest is replaced by rename, so a reader sees the old
// version or the new one, never a half-written one.

import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetInput, IndexTables } from '../../engine/index.js';
import { readColumnFile, writeColumnFile } from '../columns/column-file.js';
import type { Store } from '../store.js';

export const REPLICA_DIR_NAME = 'replica';
export const MANIFEST_NAME = 'manifest.json';
const STORE_COPY = 'store.duckdb';
const COLUMN_FILE = 'dataset.columns';
/** Versions kept: the current one and the one before (a replica may still be switching). */
const KEEP_VERSIONS = 2;

export interface ReplicaManifest {
  format: 2;
  version: string;
  /** The writer store's data version the column file was built at. */
  data_version: string;
  published_at: string;
  games: number;
  /** Where writes go: the writer's public base URL. */
  writer: string;
  /** Folder of this version, relative to the publication folder. */
  path: string;
}

export interface PublishOptions {
  /** The publication folder (usually `<dataDir>/replica`). */
  dir: string;
  writer: string;
  now?: Date;
}

/** What is published besides the store copy: a prepared Dataset's columns and their data version. */
export interface PublishedColumns {
  input: DatasetInput;
  indexes: IndexTables;
  dataVersion: string;
}

/** Publishes the store and its Dataset's column file as a new version and points the manifest at it. */
export async function publishReplica(
  store: Store,
  columns: PublishedColumns,
  options: PublishOptions,
): Promise<ReplicaManifest> {
  const { input } = columns;
  const now = options.now ?? new Date();
  // Sortable by time; the random tail keeps two publications in one millisecond apart.
  const version = `${now.toISOString().replace(/[-:.]/g, '')}-${randomUUID().slice(0, 8)}`;
  const path = `v-${version}`;
  const versionDir = join(options.dir, path);
  // Owner-only, as the store itself: the copy holds key hashes and the cursor secret.
  mkdirSync(versionDir, { recursive: true, mode: 0o700 });
  try {
    await store.copyDatabaseTo(join(versionDir, STORE_COPY));
    chmodSync(join(versionDir, STORE_COPY), 0o600);
    writeColumnFile(join(versionDir, COLUMN_FILE), columns.dataVersion, input, columns.indexes);
  } catch (error) {
    rmSync(versionDir, { recursive: true, force: true });
    throw error;
  }
  const manifest: ReplicaManifest = {
    format: 2,
    version,
    data_version: columns.dataVersion,
    published_at: now.toISOString(),
    games: input.games.numRows,
    writer: options.writer,
    path,
  };
  const temporary = join(options.dir, `${MANIFEST_NAME}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, join(options.dir, MANIFEST_NAME));
  pruneVersions(options.dir, path);
  return manifest;
}

function pruneVersions(dir: string, current: string): void {
  const versions = readdirSync(dir)
    .filter((name) => name.startsWith('v-'))
    .sort();
  const stale = versions.filter((name) => name !== current).slice(0, Math.max(0, versions.length - KEEP_VERSIONS));
  for (const name of stale) rmSync(join(dir, name), { recursive: true, force: true });
}

export class ReplicaUnavailableError extends Error {
  override readonly name = 'ReplicaUnavailableError';
}

/** The manifest of a publication folder; a clear error when there is none yet. */
export function readManifest(dir: string): ReplicaManifest {
  let text: string;
  try {
    text = readFileSync(join(dir, MANIFEST_NAME), 'utf8');
  } catch {
    throw new ReplicaUnavailableError(
      `${join(dir, MANIFEST_NAME)} does not exist: point --replica at the writer's publication folder (<data dir>/${REPLICA_DIR_NAME}) after the writer has started once`,
    );
  }
  const manifest = JSON.parse(text) as ReplicaManifest;
  if (manifest.format !== 2 || typeof manifest.path !== 'string' || !manifest.path.startsWith('v-')) {
    throw new ReplicaUnavailableError(`${join(dir, MANIFEST_NAME)} is not a Ludex replica manifest`);
  }
  return manifest;
}

export interface PublishedVersion {
  manifest: ReplicaManifest;
  storePath: string;
  input: DatasetInput;
  indexes: IndexTables;
}

/** Reads one published version: the store copy's path and its column file, checked. */
export function readPublishedVersion(dir: string, manifest: ReplicaManifest): PublishedVersion {
  const versionDir = join(dir, manifest.path);
  const read = readColumnFile(join(versionDir, COLUMN_FILE), manifest.data_version);
  if (!read.ok)
    throw new ReplicaUnavailableError(`the column file of ${manifest.path} is ${read.problem}: ${read.reason}`);
  const { input, indexes } = read.contents;
  return { manifest, storePath: join(versionDir, STORE_COPY), input, indexes };
}
