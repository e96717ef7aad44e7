// GET /v1/export/games parameters: `format` and every filter of GET /v1/games, validated by
// the same code (same 400/422 problems). Sorting, paging and embedding are not offered: the
// export is every matching game, by name then id.

import type { DatasetApi, Filter } from '../../engine/index.js';
import { fieldError, validationProblem, type FieldError } from '../problem.js';
import { normalizeFilter, parseFilter } from '../schemas/filter-parse.js';
import { sortParams } from '../schemas/param-names.js';
import { EXPORT_FORMATS, type ExportFormat } from '../schemas/responses/export.js';

export interface ExportRequest {
  format: ExportFormat;
  filter: Filter;
}

/** List parameters that mean nothing here; named explicitly so the 400 says why. */
const LIST_ONLY = ['sort', 'order', 'limit', 'cursor', 'before', 'include'];

export function parseExportRequest(params: URLSearchParams, dataset: DatasetApi): ExportRequest {
  const errors: FieldError[] = [];
  const listOnly = new URLSearchParams();
  const rest = new URLSearchParams();
  for (const [name, value] of params) (LIST_ONLY.includes(name) ? listOnly : rest).append(name, value);
  for (const name of new Set(listOnly.keys())) {
    errors.push(
      fieldError(
        name,
        'is not accepted by the export, which streams every matching game by name then id',
        'unknown_parameter',
      ),
    );
  }
  const sorted = sortParams(rest, ['format'], errors);
  const format = parseFormat(sorted.own.get('format'), errors);
  if (errors.length > 0) throw validationProblem(errors);
  return { format, filter: normalizeFilter(parseFilter(sorted.filter, 'query', dataset)) };
}

function parseFormat(raw: string | undefined, errors: FieldError[]): ExportFormat {
  if (raw === undefined) return 'jsonl';
  const value = raw.trim().toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  errors.push(fieldError('format', `must be one of: ${EXPORT_FORMATS.join(', ')}`, 'invalid_value', raw));
  return 'jsonl';
}
