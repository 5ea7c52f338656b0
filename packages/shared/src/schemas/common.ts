import { z } from 'zod';
import { INT4_MAX } from '../report-constants.ts';

export const idSchema = z.string().trim().min(1, 'id is required').max(64);

/** A whole number that fits an `integer` column (a larger one would fail in the database). */
export const int4 = () => z.number().int().min(-INT4_MAX - 1).max(INT4_MAX);
export const ErrorResponse = z.object({ status: z.literal('error'), error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
export const OkResponse = z.object({ status: z.literal('success') });
export type OkResponse = z.infer<typeof OkResponse>;
export const ProjectIdQuery = z.object({ project_id: idSchema });
