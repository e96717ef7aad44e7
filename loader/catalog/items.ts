// What resolvers hand to writers: the rows a record becomes, plus what the writer needs to
// tell inserted, updated and unchanged apart.

import type { ImportCounts } from './report.js';
import type { JsonRow } from './bulk.js';
import type { CatalogKind } from './records.js';
import type { EntityKind } from './read-entities.js';
import type { RawKind } from './read-raw.js';
import type { Registry } from './registry.js';
import { RecordError } from './errors.js';

export interface ResolveContext {
  registry: Registry;
  /** ISO 8601 UTC time of this import: created_at defaults and new games' timestamps. */
  now: string;
  counts: Record<CatalogKind, ImportCounts>;
}

/** A slugged entity (term, person, publisher, family, award, game). */
export interface EntityItem {
  kind: EntityKind;
  id: string;
  slug: string;
  /** The entity was in the store (or written earlier in this import) before this record. */
  existed: boolean;
  /** Canonical line of the record, compared with the stored one; '' when nothing is stored. */
  canonical: string;
  main: JsonRow;
  /** Dependent rows by table name, replaced as a whole when the entity changes. */
  children: Record<string, JsonRow[]>;
}

export interface RelationshipItem {
  /** One row, or two for `integrates_with` (both directions). */
  rows: JsonRow[];
}

/** A property modification or expansion combination already classified against the registry. */
export interface RewriteItem {
  id: string;
  row: JsonRow;
}

export interface RawItem {
  kind: RawKind;
  id: string;
  /** The id came from the file, so it may already be in the store (then the record is skipped). */
  givenId: boolean;
  row: JsonRow;
}

export interface SnapshotItem {
  game_id: string;
  date: string;
  canonical: string;
  row: JsonRow;
}

/**
 * Picks a record's id: the given one (which must agree with the stored id of the same
 * key and must not belong to another record), else the stored one, else a new one.
 */
export function resolveId(
  given: string | undefined,
  stored: string | undefined,
  ownerOf: (id: string) => string | undefined,
  what: string,
  generate: () => string,
): string {
  if (given !== undefined) {
    if (stored !== undefined && stored !== given) {
      throw new RecordError('id', `${given} conflicts with the stored id ${stored} of ${what}`);
    }
    if (stored === undefined) {
      const owner = ownerOf(given);
      if (owner !== undefined) throw new RecordError('id', `${given} is already the id of ${owner}`);
    }
    return given;
  }
  if (stored !== undefined) return stored;
  const id = generate();
  const owner = ownerOf(id);
  if (owner !== undefined) {
    throw new RecordError(
      'id',
      `the generated id ${id} is already the id of ${owner}; give this record an explicit id`,
    );
  }
  return id;
}

export function notFound(what: string, slug: string): string {
  return `no ${what} with slug '${slug}' earlier in the file or in the store`;
}
