// What an export says about itself: the manifest line of JSONL and the X-Export-* headers
// of both formats carry the same facts.

import type { Filter } from '../../engine/index.js';
import type { ExportFormat } from '../schemas/responses/export.js';

/** SemVer of the export layout (Game members, CSV columns): bump major when a parser would break. */
export const EXPORT_SCHEMA_VERSION = '1.1.0';

export interface ExportManifest {
  format: ExportFormat;
  row_count: number;
  schema_version: string;
  generated_at: string;
  filters_applied: Filter;
  includes: string[];
}

export function exportManifest(
  format: ExportFormat,
  rowCount: number,
  filter: Filter,
  generatedAt: Date,
): ExportManifest {
  return {
    format,
    row_count: rowCount,
    schema_version: EXPORT_SCHEMA_VERSION,
    generated_at: generatedAt.toISOString(),
    filters_applied: filter,
    includes: [],
  };
}

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
};

export function exportHeaders(manifest: ExportManifest): Record<string, string> {
  const stamp = manifest.generated_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return {
    'content-type': CONTENT_TYPES[manifest.format],
    'content-disposition': `attachment; filename="ludex-games-${stamp}.${manifest.format}"`,
    'x-export-format': manifest.format,
    'x-export-row-count': String(manifest.row_count),
    'x-export-schema-version': manifest.schema_version,
    'x-export-generated-at': manifest.generated_at,
    // Every export is generated anew (generated_at differs), so nothing may cache it.
    'cache-control': 'no-store',
  };
}
