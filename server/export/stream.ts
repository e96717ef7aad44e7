// The export body as a pull stream: each pull encodes one page of rows and queries the next
// page from where it ended (keyset position), so memory holds one page however large the
// catalog. Pulls happen only when the consumer has read the previous chunk (backpressure).
// Game JSON is built per row without the presenter's per-Dataset cache, which would otherwise
// grow to the whole catalog during a full export.

import type { DatasetApi, Filter, Page } from '../../engine/index.js';
import { gameObject } from '../present/game-json.js';
import type { ExportFormat } from '../schemas/responses/export.js';
import { csvHeader, csvRow } from './csv.js';

/** Rows per engine page and per chunk: large enough to amortize the query, small enough to stay flat. */
export const EXPORT_PAGE_ROWS = 500;

/** Name then id (the list's default order): stable, and a keyset position is cheap to resume from. */
const SORT = 'name' as const;
const ORDER = 'asc' as const;

export function firstExportPage(dataset: DatasetApi, filter: Filter, pageRows = EXPORT_PAGE_ROWS): Page {
  return dataset.query({ filter, sort: SORT, order: ORDER, limit: pageRows });
}

export interface ExportStreamOptions {
  dataset: DatasetApi;
  filter: Filter;
  format: ExportFormat;
  first: Page;
  /** JSONL: the manifest line; CSV: unused (the header row opens the body). */
  manifestLine: string;
  pageRows?: number;
  /** Told about a failure after the headers were sent (the body is then aborted). */
  onError?: (error: unknown) => void;
  /** Told the rows and bytes of each chunk as it is handed on (metrics). */
  onChunk?: (rows: number, bytes: number) => void;
}

export function jsonlLine(dataset: DatasetApi, row: number, matchedVia: Page['matchedVia'][number]): string {
  // gameObject's object is the caller's own: a member added to it, not `{ ...game, matched_via }`
  // (a spread followed by a member is slow on Node 20: 12 → 7 µs a line, measured).
  const game = gameObject(dataset, row);
  game.matched_via = matchedVia;
  return `${JSON.stringify(game)}\n`;
}

export function exportStream(options: ExportStreamOptions): ReadableStream<Uint8Array> {
  const { dataset, filter, format, pageRows = EXPORT_PAGE_ROWS } = options;
  const encoder = new TextEncoder();
  const encodeRow = format === 'csv' ? csvRow : jsonlLine;
  let page: Page | undefined = options.first;

  /** Encodes the current page and fetches the next one; closes after the last. */
  function pullPage(controller: ReadableStreamDefaultController<Uint8Array>): void {
    if (page === undefined) return;
    const rows = page.rows.length;
    let text = '';
    for (let i = 0; i < page.rows.length; i++) text += encodeRow(dataset, page.rows[i], page.matchedVia[i]);
    // The page ends at its last row's position, which it carries (the engine's, not re-read).
    const after = page.last;
    page =
      page.hasNext && after !== undefined
        ? dataset.query({ filter, sort: SORT, order: ORDER, limit: pageRows, after })
        : undefined;
    if (text.length > 0) {
      const bytes = encoder.encode(text);
      options.onChunk?.(rows, bytes.byteLength);
      controller.enqueue(bytes);
    }
    if (page === undefined) controller.close();
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const opening = encoder.encode(format === 'csv' ? csvHeader() : options.manifestLine);
        options.onChunk?.(0, opening.byteLength);
        controller.enqueue(opening);
      },
      pull(controller) {
        try {
          pullPage(controller);
        } catch (error) {
          // The headers are sent: all that is left is to abort the body and log why.
          page = undefined;
          options.onError?.(error);
          controller.error(error);
        }
      },
      cancel() {
        page = undefined;
      },
    },
    // One chunk ahead at most: the stream never runs further ahead of the client than a page.
    { highWaterMark: 1 },
  );
}
