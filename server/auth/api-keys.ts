// API keys: issue (plaintext shown once), list, revoke, authenticate. Only
// HMAC-SHA256(secret, key) is stored; lookups compare hashes in constant time. The key set
// is small and this process is its only writer, so it is held in memory.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { insertApiKey, listApiKeys, revokeApiKey, touchApiKeys, type ApiKeyRecord } from '../../loader/api-keys.js';
import type { Queryable } from '../../loader/store.js';

export const KEY_PREFIX = 'ldx_';
/** last_used_at is written at most this often per key (a write per request would be waste). */
const TOUCH_INTERVAL_MS = 60_000;

export interface ApiKeyInfo {
  id: string;
  name: string | null;
  admin: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface IssuedKey {
  key: string;
  info: ApiKeyInfo;
}

export type Scope = 'write' | 'admin';

export class ApiKeys {
  private byHash: Map<string, ApiKeyRecord> | undefined;
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly secret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  hash(plaintext: string): string {
    return createHmac('sha256', this.secret).update(plaintext, 'utf8').digest('hex');
  }

  async create(options: { admin: boolean; name: string | null }): Promise<IssuedKey> {
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: ApiKeyRecord = {
      id: uuidv7(),
      name: options.name,
      key_hash: this.hash(key),
      is_admin: options.admin,
      created_at: this.clock().toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await insertApiKey(this.db, record);
    (await this.keys()).set(record.key_hash, record);
    return { key, info: toInfo(record) };
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await listApiKeys(this.db)).map(toInfo);
  }

  /** False when there is no such active key. */
  async revoke(id: string): Promise<boolean> {
    const now = this.clock().toISOString();
    const revoked = await revokeApiKey(this.db, id, now);
    if (revoked) {
      for (const record of (await this.keys()).values()) if (record.id === id) record.revoked_at = now;
    }
    return revoked;
  }

  async hasActiveAdmin(): Promise<boolean> {
    for (const record of (await this.keys()).values()) if (record.is_admin && record.revoked_at === null) return true;
    return false;
  }

  /** The active key this plaintext belongs to, or null (unknown or revoked). */
  async authenticate(plaintext: string): Promise<ApiKeyInfo | null> {
    const hash = this.hash(plaintext);
    const record = (await this.keys()).get(hash);
    if (!record || record.revoked_at !== null) return null;
    if (!timingSafeEqual(Buffer.from(record.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return null;
    this.touch(record);
    return toInfo(record);
  }

  private touch(record: ApiKeyRecord): void {
    const now = this.clock();
    const last = this.touched.get(record.id) ?? 0;
    if (now.getTime() - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(record.id, now.getTime());
    record.last_used_at = now.toISOString();
    // Bookkeeping only: a failed write must not fail the request that used the key.
    touchApiKeys(this.db, [record.id], record.last_used_at).catch(() => undefined);
  }

  private async keys(): Promise<Map<string, ApiKeyRecord>> {
    this.byHash ??= new Map((await listApiKeys(this.db)).map((r) => [r.key_hash, r]));
    return this.byHash;
  }
}

function toInfo(record: ApiKeyRecord): ApiKeyInfo {
  return {
    id: record.id,
    name: record.name,
    admin: record.is_admin,
    created_at: record.created_at,
    last_used_at: record.last_used_at,
    revoked_at: record.revoked_at,
  };
}
