// Vote records as answered by the vote routes (contract, Vote records).

import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '../../../engine/index.js';
import { linksSchema } from './links.js';

export const ratingVoteSchema = z
  .object({
    id: z.uuid(),
    game_id: z.uuid(),
    rating: z.number().int().min(1).max(10),
    declared_scale: z.string().max(10).nullable(),
    play_count: z.number().int().min(0).nullable(),
    experience_level: z.enum(EXPERIENCE_LEVELS).nullable(),
    created_at: z.iso.datetime(),
    _links: linksSchema,
  })
  .meta({ id: 'RatingVote' });

export const weightVoteSchema = z
  .object({
    id: z.uuid(),
    game_id: z.uuid(),
    weight: z.number().min(1).max(5),
    created_at: z.iso.datetime(),
    _links: linksSchema,
  })
  .meta({ id: 'WeightVote' });
