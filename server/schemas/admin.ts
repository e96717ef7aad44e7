// Admin request bodies and responses (SPEC-NOTES D34, D48).

import { z } from 'zod';

/** POST /v1/admin/materialize takes no options: an empty body or `{}`; any member is refused (D37). */
export const materializeBody = z.strictObject({});

export const createKeyBody = z.strictObject({
  name: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  admin: z.boolean().optional(),
});

export const apiKeyInfoSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    admin: z.boolean(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const issuedKeySchema = apiKeyInfoSchema
  .extend({ key: z.string().describe('The plaintext key. Shown this once; only its keyed hash is stored.') })
  .meta({ id: 'IssuedApiKey' });

export const apiKeyListSchema = z.object({ data: z.array(apiKeyInfoSchema) }).meta({ id: 'ApiKeyList' });

export const materializeReportSchema = z
  .object({
    run_id: z.uuid(),
    trigger: z.enum(['api', 'cli', 'schedule']),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime(),
    games_updated: z.number().int().min(0),
    snapshots_written: z.number().int().min(0),
    global_mean_rating: z.number().nullable(),
    timings_ms: z.record(z.string(), z.number()).describe('Duration of each step in milliseconds'),
  })
  .meta({ id: 'MaterializeReport' });
