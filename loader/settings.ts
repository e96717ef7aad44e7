// Small key/value facts about the store itself (its origin, generated secrets).

import type { Queryable } from './store.js';

export async function getSetting(db: Queryable, key: string): Promise<string | undefined> {
  const rows = await db.all<{ value: string }>('SELECT value FROM store_settings WHERE key = $1', [key]);
  return rows[0]?.value;
}

export async function setSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.run(
    'INSERT INTO store_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}
