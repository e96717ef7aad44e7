// Vote bodies (contract, Vote records; Limits). Strict: an unknown member is a 400 naming it.

import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '../../engine/index.js';

export const ratingVoteBody = z.strictObject({
  rating: z.number().int('must be an integer').min(1, 'must be at least 1').max(10, 'must be at most 10'),
  declared_scale: z.string().max(10, 'must be at most 10 characters').optional(),
  play_count: z
    .number()
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .optional(),
  experience_level: z.enum(EXPERIENCE_LEVELS, { error: `must be one of ${EXPERIENCE_LEVELS.join(', ')}` }).optional(),
});
export type RatingVoteBody = z.infer<typeof ratingVoteBody>;

/** One decimal: 2.5 is a weight, 2.55 is not (tolerant of binary fractions such as 0.1·3). */
const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const weightVoteBody = z.strictObject({
  weight: z
    .number()
    .min(1, 'must be at least 1.0')
    .max(5, 'must be at most 5.0')
    .refine(oneDecimal, 'must have at most one decimal (e.g. 2.5)'),
});
export type WeightVoteBody = z.infer<typeof weightVoteBody>;
