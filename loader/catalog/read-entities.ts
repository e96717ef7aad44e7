// Stored taxonomy terms, people, publishers, families and awards in catalog form, for
// export and for import's "unchanged?" comparison. Each reader takes a list of ids and
// returns canonical lines keyed by id.

import type { TaxonomyKind } from '../../engine/index.js';
import type { Queryable } from '../store.js';
import { canonicalLine } from './canonical.js';
import type { CatalogKind } from './records.js';

export type NamedKind = 'person' | 'publisher' | 'family' | 'award';
export type EntityKind = TaxonomyKind | NamedKind | 'game';

/** Table and extra columns of each named kind; fixed identifiers only. */
export const NAMED_TABLES: Record<NamedKind, { table: string; extra: readonly string[] }> = {
  person: { table: 'people', extra: [] },
  publisher: { table: 'publishers', extra: ['country', 'website'] },
  family: { table: 'families', extra: [] },
  award: { table: 'awards', extra: ['organization', 'website'] },
};

const IN_IDS = 'IN (SELECT unnest($1::VARCHAR[]))';

export async function readTermLines(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = await db.all<{
    id: string;
    kind: TaxonomyKind;
    slug: string;
    name: string;
    description: string | null;
    parent: string | null;
  }>(
    `SELECT t.id, t.kind, t.slug, t.name, t.description, p.slug AS parent
     FROM terms t LEFT JOIN terms p ON p.id = t.parent_id WHERE t.id ${IN_IDS}`,
    [ids],
  );
  const aliases = await db.all<{ term_id: string; alias: string }>(
    `SELECT term_id, alias FROM term_aliases WHERE term_id ${IN_IDS} ORDER BY term_id, alias`,
    [ids],
  );
  const byTerm = new Map<string, string[]>();
  for (const a of aliases) {
    const list = byTerm.get(a.term_id);
    if (list) list.push(a.alias);
    else byTerm.set(a.term_id, [a.alias]);
  }
  for (const row of rows) {
    out.set(row.id, canonicalLine(row.kind, { ...row, aliases: byTerm.get(row.id) ?? [] }));
  }
  return out;
}

export async function readNamedLines(
  db: Queryable,
  kind: NamedKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const { table, extra } = NAMED_TABLES[kind];
  const columns = ['id', 'slug', 'name', 'description', ...extra].join(', ');
  const rows = await db.all(`SELECT ${columns} FROM ${table} WHERE id ${IN_IDS}`, [ids]);
  for (const row of rows) out.set(String(row.id), canonicalLine(kind as CatalogKind, row));
  return out;
}
