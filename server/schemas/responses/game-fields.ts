// The zod schema of each Game field, from the field registry (engine/fields.ts): its kind
// says the type, `nullable` the null, `doc` the description. The Game and the `stats` embed
// build their object schemas from these, so the OpenAPI document follows the registry too.

import { z } from 'zod';
import type { GameFieldSpec, GameRecord } from '../../../engine/index.js';

const count = z.number().int().min(0);
const minutes = z.number().min(0);

/** The value's type as the Game states it, bounds included (a count is never negative). */
function gameKindSchema(field: GameFieldSpec): z.ZodType {
  switch (field.kind) {
    case 'uuid':
    case 'string':
    case 'date':
    case 'timestamp':
      return z.string();
    case 'enum':
      return z.enum(field.values ?? []);
    case 'integer':
      return z.number().int();
    case 'count':
      return count;
    case 'number':
      return z.number();
    case 'minutes':
      return minutes;
    case 'number-list':
      return z.array(z.number());
    case 'integer-list':
      return z.array(z.number().int());
    case 'rank-map':
      return z.record(z.string(), z.number().int());
    case 'legacy-id':
      return z.union([z.string(), z.number()]);
  }
}

/** The value's type alone, as the `stats` embed states it (D28: no bounds, no descriptions). */
function plainKindSchema(field: GameFieldSpec): z.ZodType {
  switch (field.kind) {
    case 'count':
      return z.number().int();
    case 'minutes':
      return z.number();
    default:
      return gameKindSchema(field);
  }
}

function nullable(field: GameFieldSpec, schema: z.ZodType): z.ZodType {
  return field.nullable ? schema.nullable() : schema;
}

/** The schema of a field of the Game: type, null when nullable, then its description. */
export function gameFieldSchema(field: GameFieldSpec): z.ZodType {
  const schema = nullable(field, gameKindSchema(field));
  return field.doc === undefined ? schema : schema.describe(field.doc);
}

/** The schema of a field of the `stats` embed. */
export function statsFieldSchema(field: GameFieldSpec): z.ZodType {
  return nullable(field, plainKindSchema(field));
}

/** An object shape with one member per field, typed as GameRecord types the member. */
export type GameFieldShape<K extends keyof GameRecord> = { [M in K]: z.ZodType<GameRecord[M]> };

/** The shape of `fields`, in their order. */
export function gameFieldShape<F extends GameFieldSpec & { name: keyof GameRecord }>(
  fields: readonly F[],
  schema: (field: F) => z.ZodType,
): GameFieldShape<F['name']> {
  // Typed by the registry: each member's schema is built from the kind its GameRecord type comes from.
  return Object.fromEntries(fields.map((field) => [field.name, schema(field)])) as GameFieldShape<F['name']>;
}
