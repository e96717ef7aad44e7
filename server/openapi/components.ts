// zod → JSON Schema 2020-12 (OpenAPI 3.1's own dialect, so no translation is needed) with
// every schema that carries a `.meta({ id })` moved to components.schemas and referenced by
// $ref. zod writes such schemas into a per-call `$defs`; one document collects them across
// all calls, so each id must mean the same JSON everywhere (an id reused for a different
// shape is a programming error and fails the build of the document).

import { z } from 'zod';
import { isJsonObject, type Json, type JsonObject } from './json.js';

export type SchemaIo = 'input' | 'output';

const COMPONENT_PREFIX = '#/components/schemas/';
const DEFS_PREFIX = '#/$defs/';

export class Components {
  readonly schemas: Record<string, JsonObject> = {};

  /** The JSON Schema of `schema` for the document: a $ref when it has an id, else inline. */
  schema(schema: z.ZodType, io: SchemaIo): JsonObject {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // What JSON Schema cannot state (a refinement, a transform's output) documents as {} rather
      // than failing the whole document.
      unrepresentable: 'any',
    }) as unknown as JsonObject;
    const { $schema: _dialect, $defs, ...root } = converted;
    const defs = isJsonObject($defs) ? $defs : {};
    const renames = this.names(defs, io);
    for (const [id, body] of Object.entries(defs)) {
      this.schemas[renames.get(id) ?? id] = rewrite(body, renames) as JsonObject;
    }
    return rewrite(root, renames) as JsonObject;
  }

  /**
   * Component names for this call's `$defs`: each id itself, or `<id>Input` when the input
   * side of a schema differs from what the document already holds under that id (which makes
   * the schemas referring to it differ too, hence the loop until nothing changes).
   */
  private names(defs: JsonObject, io: SchemaIo): Map<string, string> {
    const renames = new Map(Object.keys(defs).map((id) => [id, id]));
    let changed = true;
    while (changed) {
      changed = false;
      for (const [id, body] of Object.entries(defs)) {
        const name = renames.get(id) ?? id;
        const existing = this.schemas[name];
        if (existing === undefined || JSON.stringify(existing) === JSON.stringify(rewrite(body, renames))) continue;
        if (io === 'input' && name === id) {
          renames.set(id, `${id}Input`);
          changed = true;
          continue;
        }
        throw new Error(`Two different schemas share the OpenAPI component id "${id}"; give one of them another id.`);
      }
    }
    return renames;
  }
}

function rewrite(value: Json, renames: ReadonlyMap<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, renames));
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith(DEFS_PREFIX)) {
      const id = decodeURIComponent(item.slice(DEFS_PREFIX.length).replaceAll('~1', '/').replaceAll('~0', '~'));
      out[key] = `${COMPONENT_PREFIX}${renames.get(id) ?? id}`;
    } else {
      out[key] = rewrite(item, renames);
    }
  }
  return out;
}
