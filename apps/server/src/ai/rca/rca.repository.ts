import { sql, type Transaction } from 'kysely';
import type { PageVisit } from '@stepwise/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the root-cause analysis: the last passing run's pages, storing analyses, and failures of the same cause. */

export interface PassingPagesWanted {
  scenarioKey: string;
  /** The failed step's index: pages of steps 0..upTo are read. */
  upTo: number;
}

export const passingPagesKey = (scenarioKey: string, upTo: number) => `${upTo}:${scenarioKey}`;

/**
 * For each (scenario, step index): the pages of steps 0..index of the scenario's latest counted
 * passing test case in the project. One statement; each pair is one range of test_cases_past_idx
 * (status is in the index), and only the steps' `page` fields leave the database.
 */
export async function lastPassingPages(db: Db, projectId: string, wanted: readonly PassingPagesWanted[]): Promise<Map<string, Array<PageVisit | null>>> {
  const out = new Map<string, Array<PageVisit | null>>();
  if (!wanted.length) return out;
  const { rows } = await sql<{ key: string; upto: number; pages: string | null }>`
    select k.key, k.upto, p.pages
    from unnest(${wanted.map((w) => w.scenarioKey)}::text[], ${wanted.map((w) => w.upTo)}::int[]) as k(key, upto)
    cross join lateral (
      select (
        select jsonb_agg(s.value -> 'page' order by s.ord)
        from jsonb_array_elements(case when jsonb_typeof(tc.steps) = 'array' then tc.steps else '[]'::jsonb end) with ordinality as s(value, ord)
        where s.ord <= k.upto + 1
      )::text as pages
      from test_cases tc
      where tc.project_id = ${projectId} and tc.scenario_key = k.key and not tc.superseded and tc.status = 'PASSED'
      order by tc.publish_time desc
      limit 1
    ) p`.execute(db);
  for (const r of rows) {
    const pages = JSON.parse(r.pages ?? '[]') as unknown[];
    out.set(passingPagesKey(r.key, r.upto), pages.map((p) => (isPageVisit(p) ? p : null)));
  }
  return out;
}

function isPageVisit(p: unknown): p is PageVisit {
  const o = p as Record<string, unknown> | null;
  return !!o && typeof o === 'object' && typeof o.url === 'string' && typeof o.title === 'string' && (o.ariaSnapshot === undefined || typeof o.ariaSnapshot === 'string');
}

export interface StoredAnalysis {
  testCaseId: string;
  /** The analysis as jsonb text. */
  analysis: string;
  signature: string;
}

/** Writes the analyses of a run's test cases inside the transaction that inserted them: one statement. */
export async function saveAnalyses(trx: Transaction<Database>, analyses: readonly StoredAnalysis[]): Promise<void> {
  if (!analyses.length) return;
  await sql`
    update test_cases t set analysis = u.analysis::jsonb, analysis_signature = u.signature
    from unnest(${analyses.map((a) => a.testCaseId)}::text[], ${analyses.map((a) => a.analysis)}::text[], ${analyses.map((a) => a.signature)}::text[])
      as u(id, analysis, signature)
    where t.id = u.id`.execute(trx);
}

/** Counted failures of a project with one signature: how many, and the two earliest (id, publish time). */
export interface SameCauseGroup {
  count: number;
  earliest: Array<{ id: string; publishTime: string }>;
}

/**
 * The groups of the given signatures, or of every signature of a run's test cases: per signature a
 * count and the two earliest members, both from test_cases_signature_idx.
 */
export async function sameCauseGroups(db: Db, projectId: string, of: { runId: string } | { signatures: readonly string[] }): Promise<Map<string, SameCauseGroup>> {
  const out = new Map<string, SameCauseGroup>();
  if ('signatures' in of && !of.signatures.length) return out;
  const source =
    'runId' in of
      ? sql`(select distinct analysis_signature as sig from test_cases where run_id = ${of.runId} and analysis_signature is not null)`
      : sql`(select distinct sig from unnest(${[...of.signatures]}::text[]) as u(sig))`;
  const { rows } = await sql<{ sig: string; n: string; earliest: string | null }>`
    select s.sig, c.n, e.earliest
    from ${source} as s
    cross join lateral (
      select count(*) as n from test_cases o
      where o.project_id = ${projectId} and o.analysis_signature = s.sig and not o.superseded
    ) c
    cross join lateral (
      select json_agg(json_build_array(f.id, floor(extract(epoch from f.publish_time) * 1000)) order by f.publish_time, f.id)::text as earliest
      from (
        select o.id, o.publish_time from test_cases o
        where o.project_id = ${projectId} and o.analysis_signature = s.sig and not o.superseded
        order by o.publish_time, o.id
        limit 2
      ) f
    ) e`.execute(db);
  for (const r of rows) {
    const earliest = (JSON.parse(r.earliest ?? '[]') as Array<[string, number]>).map(([id, ms]) => ({ id, publishTime: new Date(ms).toISOString() }));
    out.set(r.sig, { count: Number(r.n), earliest });
  }
  return out;
}
