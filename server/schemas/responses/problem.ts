// RFC 9457 problem details as server/problem.ts writes them (SPEC-NOTES D32).

import { z } from 'zod';

export const fieldErrorSchema = z
  .object({
    field: z.string().describe('Parameter or body field, dot notation for nested fields'),
    message: z.string(),
    code: z.string().describe('Stable machine code, e.g. invalid_type, out_of_range, unknown_parameter'),
    value: z.unknown().optional().describe('The offending value, when there is one'),
  })
  .meta({ id: 'FieldError' });

export const problemSchema = z
  .object({
    type: z.string().describe('`<PUBLIC_BASE_URL>/problems/<slug>`'),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    instance: z.string().describe('The request path'),
    errors: z.array(fieldErrorSchema).optional().describe('Every bad field, when the problem is about fields'),
  })
  .meta({ id: 'Problem' });
