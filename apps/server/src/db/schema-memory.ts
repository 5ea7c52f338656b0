import type { Generated } from 'kysely';
import type { Timestamp } from './schema.ts';

/** The application memory map's tables (pages, the steps seen on them, the steps between them), part of the Database of schema.ts. */

export interface MemoryPagesTable {
  project_id: string;
  route: string;
  url: string;
  title: string;
  aria_snapshot: string | null;
  visits: Generated<number>;
  updated_at: Timestamp;
}

export interface MemoryPageStepsTable {
  project_id: string;
  route: string;
  step_text: string;
  count: Generated<number>;
}

export interface MemoryEdgesTable {
  project_id: string;
  source_route: string;
  target_route: string;
  step_text: string;
  count: Generated<number>;
}
