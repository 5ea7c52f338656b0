import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What one run adds to the application memory (memory.ts collectMemory). */
export interface MemoryIncrement {
  pages: Array<{ route: string; url: string; title: string; ariaSnapshot: string | null; visits: number }>;
  pageSteps: Array<{ route: string; stepText: string; count: number }>;
  edges: Array<{ source: string; target: string; stepText: string; count: number }>;
}

const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Adds the counts of one run; the page's URL, title and aria snapshot become the latest seen (a missing snapshot or an empty title keeps the one before). */
export async function addMemory(db: Db, projectId: string, inc: MemoryIncrement): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(inc.pages)) {
      await trx
        .insertInto('memory_pages')
        .values(part.map((p) => ({ project_id: projectId, route: p.route, url: p.url, title: p.title, aria_snapshot: p.ariaSnapshot, visits: p.visits, updated_at: sql<Date>`now()` })))
        .onConflict((oc) =>
          oc.columns(['project_id', 'route']).doUpdateSet({
            url: (eb) => eb.ref('excluded.url'),
            title: sql`coalesce(nullif(excluded.title, ''), memory_pages.title)`,
            aria_snapshot: sql`coalesce(excluded.aria_snapshot, memory_pages.aria_snapshot)`,
            visits: sql`memory_pages.visits + excluded.visits`,
            updated_at: sql`now()`,
          }),
        )
        .execute();
    }
    for (const part of chunks(inc.pageSteps)) {
      await trx
        .insertInto('memory_page_steps')
        .values(part.map((s) => ({ project_id: projectId, route: s.route, step_text: s.stepText, count: s.count })))
        .onConflict((oc) => oc.columns(['project_id', 'route', 'step_text']).doUpdateSet({ count: sql`memory_page_steps.count + excluded.count` }))
        .execute();
    }
    for (const part of chunks(inc.edges)) {
      await trx
        .insertInto('memory_edges')
        .values(part.map((e) => ({ project_id: projectId, source_route: e.source, target_route: e.target, step_text: e.stepText, count: e.count })))
        .onConflict((oc) => oc.columns(['project_id', 'source_route', 'target_route', 'step_text']).doUpdateSet({ count: sql`memory_edges.count + excluded.count` }))
        .execute();
    }
  });
}

export interface MemoryPageRow {
  route: string;
  url: string;
  title: string;
  aria_snapshot: string | null;
  visits: number;
}

/** The most visited pages of a project. */
export function listMemoryPages(db: Db, projectId: string, limit: number): Promise<MemoryPageRow[]> {
  return db
    .selectFrom('memory_pages')
    .select(['route', 'url', 'title', 'aria_snapshot', 'visits'])
    .where('project_id', '=', projectId)
    .orderBy('visits', 'desc')
    .orderBy('route')
    .limit(limit)
    .execute();
}

/** The most frequent steps of each page of the project (at most `perPage` each). */
export async function listMemoryPageSteps(db: Db, projectId: string, perPage: number): Promise<Array<{ route: string; step_text: string; count: number }>> {
  const { rows } = await sql<{ route: string; step_text: string; count: number }>`
    select route, step_text, count from (
      select route, step_text, count, row_number() over (partition by route order by count desc, step_text) as n
      from memory_page_steps where project_id = ${projectId}
    ) s where n <= ${perPage} order by route, count desc, step_text`.execute(db);
  return rows;
}

/** The transitions of the project with their most frequent steps (at most `perEdge` each). */
export async function listMemoryEdges(
  db: Db,
  projectId: string,
  perEdge: number,
): Promise<Array<{ source_route: string; target_route: string; step_text: string; count: number }>> {
  const { rows } = await sql<{ source_route: string; target_route: string; step_text: string; count: number }>`
    select source_route, target_route, step_text, count from (
      select source_route, target_route, step_text, count,
        row_number() over (partition by source_route, target_route order by count desc, step_text) as n
      from memory_edges where project_id = ${projectId}
    ) e where n <= ${perEdge} order by source_route, target_route, count desc, step_text`.execute(db);
  return rows;
}
