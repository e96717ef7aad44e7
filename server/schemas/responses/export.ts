// GET /v1/export/games: the manifest line that opens a JSONL export, and what any line is.

import { z } from 'zod';
import { gameSchema } from './game.js';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportManifestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    row_count: z.number().int().min(0).describe('Games that follow (lines after the manifest, rows after the header)'),
    schema_version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .describe('SemVer of the export layout (Game members, CSV columns); a major bump breaks parsers'),
    generated_at: z.string().describe('ISO 8601 timestamp of the request'),
    filters_applied: z
      .record(z.string(), z.unknown())
      .describe('The normalized filter, as meta.filters_applied of GET /v1/games; {} for a full export'),
    includes: z.array(z.string()).describe('Embedded members; the export embeds none'),
  })
  .meta({ id: 'ExportManifest' });

/** Line 1 of a JSONL export, wrapped so a row parser can tell it from a Game. */
export const exportManifestLineSchema = z
  .object({ _manifest: exportManifestSchema })
  .meta({ id: 'ExportManifestLine' });

/** Any line of a JSONL export: the manifest first, then one Game (as GET /v1/games shows it) per line. */
export const exportLineSchema = z
  .union([exportManifestLineSchema, gameSchema])
  .meta({ id: 'ExportLine', description: 'One line of application/x-ndjson' });
