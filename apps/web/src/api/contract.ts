import type { z } from 'zod';

/** Request body of a shared zod schema, as the client sends it (before defaults). */
export type BodyOf<S extends z.ZodType> = z.input<S>;
/** A response or value described by a shared zod schema. */
export type DtoOf<S extends z.ZodType> = z.infer<S>;
