// Response shapes of the catalog resources (taxonomy, people, publishers, awards, families):
// what the OpenAPI document shows and what the catalog tests parse every response with.

import { z } from 'zod';
import { PERSON_ROLES, TAXONOMY_KINDS } from '../../engine/index.js';
import { gameSchema, linkSchema, listEnvelope, listLinksSchema, listMetaSchema } from './responses/common.js';

const count = z.number().int().min(0);
const entityShape = {
  id: z.string().describe('UUID'),
  slug: z.string(),
  name: z.string(),
};
const selfAndGames = z.object({
  self: linkSchema,
  games: linkSchema.describe('The games list filtered to this entity'),
});

export const termSchema = z
  .object({
    ...entityShape,
    kind: z.enum(TAXONOMY_KINDS),
    description: z.string().nullable(),
    parent: z.string().nullable().describe('Slug of the parent term, when the vocabulary has one'),
    aliases: z.array(z.string()).describe('Other slugs that resolve to this term (synonyms, deprecated slugs)'),
    game_count: count.describe('Games tagged with the term'),
    _links: selfAndGames,
  })
  .meta({ id: 'TaxonomyTerm', description: 'A mechanic, category or theme of the controlled vocabularies' });

export const designerSchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    game_count: count.describe('Games the person designed'),
    _links: selfAndGames.extend({ person: linkSchema.describe('The person with every role') }),
  })
  .meta({ id: 'Designer', description: 'A person in the designer role' });

export const artistSchema = z
  .object({
    ...entityShape,
    game_count: count.describe('Games the person is credited as artist on'),
    _links: selfAndGames.extend({ person: linkSchema.describe('The person with every role') }),
  })
  .meta({ id: 'Artist', description: 'A person in the artist role (no description, per the contract)' });

export const publisherSchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
    website: z.string().nullable().describe('URI'),
    game_count: count.describe('Games the publisher published'),
    _links: selfAndGames,
  })
  .meta({ id: 'Publisher' });

export const personSchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    game_count: count.describe('Distinct games credited in any role'),
    roles: z.partialRecord(z.enum(PERSON_ROLES), count).describe('Games credited per role the person holds'),
    _links: z.object({
      self: linkSchema,
      designer: linkSchema.optional().describe('The designer view, when the person designed games'),
      artist: linkSchema.optional().describe('The artist view, when the person is credited as artist'),
    }),
  })
  .meta({ id: 'Person', description: 'A person with every role they hold' });

export const awardSchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    organization: z.string().nullable(),
    website: z.string().nullable().describe('URI'),
    game_count: count.describe('Distinct games with a nomination, shortlisting, recommendation or win'),
    _links: selfAndGames,
  })
  .meta({ id: 'Award' });

export const familyItemSchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    game_count: count.describe('Games in the family'),
    _links: selfAndGames,
  })
  .meta({ id: 'GameFamilyItem', description: 'A family as listed; its detail view carries its games' });

export const familySchema = z
  .object({
    ...entityShape,
    description: z.string().nullable(),
    game_count: count.describe('Games in the family'),
    games: z.array(gameSchema).describe('One page of the family’s games'),
    meta: listMetaSchema.describe('Paging of `games`, as in a list envelope'),
    _links: listLinksSchema.extend({ games: linkSchema.describe('The games list filtered to the family') }),
  })
  .meta({ id: 'GameFamily', description: 'A family with one page of its games; page on with cursor / before' });

export const termListSchema = listEnvelope(termSchema);
export const designerListSchema = listEnvelope(designerSchema);
export const artistListSchema = listEnvelope(artistSchema);
export const publisherListSchema = listEnvelope(publisherSchema);
export const awardListSchema = listEnvelope(awardSchema);
export const familyListSchema = listEnvelope(familyItemSchema);
export const personListSchema = listEnvelope(personSchema);
