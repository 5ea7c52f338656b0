import { z } from 'zod';

export const idSchema = z.string().trim().min(1, 'id is required').max(64);
export const ErrorResponse = z.object({ status: z.literal('error'), error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
export const OkResponse = z.object({ status: z.literal('success') });
export type OkResponse = z.infer<typeof OkResponse>;
export const ProjectIdQuery = z.object({ project_id: idSchema });
