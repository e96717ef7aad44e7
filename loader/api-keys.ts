// The api_keys table: keyed hashes only, never a plaintext key (contract, Authentication 3).

import type { Queryable } from './store.js';

export interface ApiKeyRecord {
  id: string;
  name: string | null;
  key_hash: string;
  is_admin: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const COLUMNS = `id, name, key_hash, is_admin, CAST(epoch_ms(created_at) AS DOUBLE) AS created_ms,
  CAST(epoch_ms(last_used_at) AS DOUBLE) AS last_used_ms, CAST(epoch_ms(revoked_at) AS DOUBLE) AS revoked_ms`;

interface KeyRow {
  id: string;
  name: string | null;
  key_hash: string;
  is_admin: boolean;
  created_ms: number;
  last_used_ms: number | null;
  revoked_ms: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function insertApiKey(
  db: Queryable,
  key: Pick<ApiKeyRecord, 'id' | 'name' | 'key_hash' | 'is_admin' | 'created_at'>,
): Promise<void> {
  await db.run(
    'INSERT INTO api_keys (id, name, key_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5::TIMESTAMPTZ)',
    [key.id, key.name, key.key_hash, key.is_admin, key.created_at],
  );
}

/** Every key, revoked ones included, oldest first. */
export async function listApiKeys(db: Queryable): Promise<ApiKeyRecord[]> {
  const rows = await db.all<KeyRow>(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    key_hash: r.key_hash,
    is_admin: r.is_admin,
    created_at: new Date(r.created_ms).toISOString(),
    last_used_at: iso(r.last_used_ms),
    revoked_at: iso(r.revoked_ms),
  }));
}

/** Marks a key revoked; false when no such key exists or it was already revoked. */
export async function revokeApiKey(db: Queryable, id: string, now: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(
    'UPDATE api_keys SET revoked_at = $2::TIMESTAMPTZ WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id, now],
  );
  return rows.length > 0;
}

export async function touchApiKeys(db: Queryable, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.run('UPDATE api_keys SET last_used_at = $2::TIMESTAMPTZ WHERE id IN (SELECT unnest($1::VARCHAR[]))', [
    ids,
    now,
  ]);
}
