// Reading a JSON request body at the edge (SPEC-NOTES D37): JSON media type only (415),
// at most 64 KiB (413, checked while streaming so an oversized body is never buffered
// whole), UTF-8 that parses (400). What comes out is untyped JSON for the zod step.

import { ApiProblem, validationProblem } from '../problem.js';
import { fieldError } from './filter-parse.js';

export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

/** `application/json` or any `+json` structured suffix; a charset, if named, must be UTF-8. */
export function isJsonMediaType(header: string | null): boolean {
  if (header === null) return false;
  const [essence, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(essence)) return false;
  for (const param of params) {
    const [name, value = ''] = param.split('=').map((s) => s.trim());
    if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8' && value.replace(/"/g, '') !== 'utf8') return false;
  }
  return true;
}

function tooLarge(): ApiProblem {
  return new ApiProblem('payload-too-large', `The request body exceeds ${MAX_SEARCH_BODY_BYTES} bytes (64 KiB).`);
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading: the rest of an oversized body is never buffered.
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The parsed JSON body of a request, or the problem that says why there is none. */
export async function readJsonBody(request: Request, maxBytes = MAX_SEARCH_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) {
    throw new ApiProblem(
      'unsupported-media-type',
      `Send the body as application/json (UTF-8); the request said ${type === null ? 'no Content-Type' : `"${type}"`}.`,
    );
  }
  const bytes = await readLimited(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationProblem([fieldError('body', 'is not valid UTF-8', 'malformed_json')]);
  }
  if (text.trim() === '')
    throw validationProblem([fieldError('body', 'is empty; send a JSON object', 'malformed_json')]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'cannot be parsed';
    throw validationProblem([fieldError('body', `is not valid JSON (${reason})`, 'malformed_json')]);
  }
}
