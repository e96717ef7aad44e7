// Import failures. A bad record fails the whole import: the error names the line (1-based),
// the field (a dot path inside the record, e.g. `awards.0.result`) and the reason, so a
// catalog author can fix the file without reading Ludex code.

import type { z } from 'zod';

export class CatalogImportError extends Error {
  readonly line: number;
  /** Dot path inside the record; empty when the line as a whole is bad (e.g. invalid JSON). */
  readonly field: string;
  readonly reason: string;

  constructor(line: number, field: string, reason: string, options: { cause?: unknown } = {}) {
    super(field ? `line ${line}, field "${field}": ${reason}` : `line ${line}: ${reason}`, options);
    this.name = 'CatalogImportError';
    this.line = line;
    this.field = field;
    this.reason = reason;
  }
}

/**
 * A record-level failure before the line number is known. Resolvers throw it; the import
 * driver turns it into a CatalogImportError carrying the line.
 */
export class RecordError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'RecordError';
  }
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** The first zod issue as a RecordError (the first problem is the one to fix first). */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[]): RecordError {
  const issue = issues[0];
  if (!issue) return new RecordError('', 'invalid record');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return new RecordError(fieldPath([...issue.path, key]), 'is not a field of this kind of record');
  }
  const field = fieldPath(issue.path);
  return new RecordError(field, withoutFieldPrefix(issue.message, issue.path));
}

/** "min_players must not exceed max_players" on field min_players reads "must not exceed max_players". */
function withoutFieldPrefix(message: string, path: readonly PropertyKey[]): string {
  const last = path[path.length - 1];
  if (typeof last === 'string' && message.startsWith(`${last} `)) return message.slice(last.length + 1);
  return message;
}
