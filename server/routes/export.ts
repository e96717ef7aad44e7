// GET /v1/export/games: every game matching the GET /v1/games filters, streamed as JSONL
// (manifest line, then one Game per line) or CSV, by name then id (SPEC-NOTES §11, D36 as
// overridden: no row cap, constant memory). Validation happens before the first byte, so a
// bad filter is an ordinary problem response; after that the body is a stream.

import { z } from 'zod';
import type { H3, H3Event } from 'h3';
import type { AppDeps } from '../app-deps.js';
import { exportHeaders, exportManifest } from '../export/manifest.js';
import { parseExportRequest } from '../export/request.js';
import { exportStream, firstExportPage } from '../export/stream.js';
import { route, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import { silentLogger } from '../logger.js';
import { filterQueryShape } from '../openapi/filter-query.js';
import { EXPORT_FORMATS, exportLineSchema } from '../schemas/responses/export.js';

export const EXPORT_GAMES_DOC: RouteDoc = {
  summary: 'Export every matching game (JSONL or CSV, streamed)',
  description:
    'Takes every filter of GET /v1/games (same validation) and `format`; no sort, limit, cursor or include. ' +
    'Games come by name then id. `format=jsonl` (default, application/x-ndjson): line 1 is `{"_manifest": {...}}`, ' +
    'then one Game per line exactly as GET /v1/games shows it. `format=csv` (text/csv): a header row, then one row ' +
    'per game; lists are pipe-joined, null is an empty field (columns: docs/export.md). X-Export-Format, ' +
    'X-Export-Row-Count, X-Export-Schema-Version and X-Export-Generated-At carry the manifest facts in both formats.',
  tags: ['export'],
  query: z.object({
    format: z.enum(EXPORT_FORMATS).optional().describe('jsonl (default) or csv'),
    ...filterQueryShape(),
  }),
  responses: {
    200: {
      description: 'The export. The schema is that of one JSONL line; with format=csv the body is text/csv.',
      schema: exportLineSchema,
      contentType: 'application/x-ndjson',
      headers: [
        'Content-Disposition',
        'X-Export-Format',
        'X-Export-Row-Count',
        'X-Export-Schema-Version',
        'X-Export-Generated-At',
      ],
      alsoAs: {
        contentType: 'text/csv',
        schema: z.string().describe('format=csv: a header row, then one row per game (columns: docs/export.md)'),
      },
    },
    400: {
      description:
        'An unknown parameter, a bad value or format, or a list-only parameter (sort, limit, cursor, include)',
    },
    422: { description: 'A well-formed slug that names nothing' },
  },
};

export function registerExportRoutes(app: H3, deps: AppDeps): void {
  route(app, `${API_PREFIX}/export/games`, { GET: (event) => exportGames(event, deps) }, { GET: EXPORT_GAMES_DOC });
}

async function exportGames(event: H3Event, deps: AppDeps): Promise<ReadableStream<Uint8Array>> {
  // The whole export reads this one Dataset, even if a rebuild swaps in another meanwhile.
  const dataset = deps.state.current;
  const logger = deps.logger ?? silentLogger;
  const request = parseExportRequest(event.url.searchParams, dataset);
  // Valid: only now does the export draw on its budget (D35); a 400 or 422 spends none.
  await event.context.chargeExport?.();
  const first = firstExportPage(dataset, request.filter);
  const manifest = exportManifest(request.format, first.total, request.filter, new Date());
  for (const [name, value] of Object.entries(exportHeaders(manifest))) event.res.headers.set(name, value);
  // HEAD answers the headers (row count included) without generating the body: an empty
  // stream stands for it, so HEAD is told the coding GET would get (and no length).
  if (event.req.method === 'HEAD') return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  return exportStream({
    dataset,
    filter: request.filter,
    format: request.format,
    first,
    manifestLine: `${JSON.stringify({ _manifest: manifest })}\n`,
    onError: (error) => logger.error({ err: error, path: event.url.pathname }, 'export aborted mid-stream'),
    onChunk: (rows, bytes) => deps.metrics?.observeExport(request.format, rows, bytes),
  });
}
