// The OpenAPI document checked by a maintained validator: Redocly's openapi-core with its
// `recommended` rules (the OpenAPI 3.1 structure itself, refs, path parameters, unique and
// URL-safe operation ids, servers…) plus stricter ones the document should meet: every
// `required` member is a property, every example fits its schema, every 4xx is an RFC 9457
// problem, and no component is left unused. Returns one line per problem found.

import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';

const RULES = {
  struct: 'error',
  'no-required-schema-properties-undefined': 'error',
  'no-invalid-media-type-examples': 'error',
  'operation-4xx-problem-details-rfc7807': 'error',
  'no-unused-components': 'error',
  'operation-4xx-response': 'error',
  'operation-2xx-response': 'error',
  'no-schema-type-mismatch': 'error',
  // Not about correctness: a private service has no licence to declare, tags are self-explanatory.
  'info-license': 'off',
  'info-license-strict': 'off',
  'tag-description': 'off',
} as const;

export async function lintOpenApi(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'], rules: RULES });
  const problems = await lintDocument({
    document: makeDocumentFromString(JSON.stringify(document), '/openapi.json'),
    config: config.styleguide,
    externalRefResolver: new BaseResolver(),
  });
  return problems.map(
    (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer ?? '').join(', ')}`,
  );
}
