// Validating a parsed JSON body against a strict zod object: every problem names its
// member, unknown members included (they are a 400, never ignored).

import type { z } from 'zod';
import { fieldError, validationProblem, type FieldError } from '../problem.js';

/** Validates a parsed JSON body; every problem names its member. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationProblem([fieldError('body', 'must be a JSON object', 'invalid_type')]);
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push(fieldError(key, 'is not a member of this body', 'unknown_field'));
      continue;
    }
    const field = issue.path.map(String).join('.') || 'body';
    const value = (body as Record<string, unknown>)[String(issue.path[0])];
    // zod reports 7.5 for an int as a type error; to a client it is a value out of the rules.
    const wrongType = issue.code === 'invalid_type' && !(issue.expected === 'int' && typeof value === 'number');
    const code = wrongType ? (value === undefined ? 'required' : 'invalid_type') : 'invalid_value';
    const message =
      code === 'required'
        ? 'is required'
        : wrongType && issue.code === 'invalid_type'
          ? `must be of type ${issue.expected}`
          : issue.message;
    errors.push(fieldError(field, message, code, value));
  }
  throw validationProblem(errors);
}
