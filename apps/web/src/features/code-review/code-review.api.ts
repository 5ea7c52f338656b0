import { AcceptOversightBody, ArchiveOversightBody, type OversightListResponse } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf } from '../../api/contract';

/** The Code Review calls: the open code fixes, discarding (archive) and accepting one. */

export async function fetchOversight(projectId: string): Promise<Pick<OversightListResponse, 'result' | 'total'>> {
  const res = await api.get<OversightListResponse>('runs/oversight/list', { project_id: projectId });
  return { result: res.result ?? [], total: typeof res.total === 'number' ? res.total : (res.result?.length ?? 0) };
}

/** Answers how many fixes were discarded. */
export async function discardFixes(projectId: string, ids: readonly string[]): Promise<number> {
  const body: BodyOf<typeof ArchiveOversightBody> = { project_id: projectId, scenario_ids: [...ids] };
  const res = await api.post<{ archived?: number }>('runs/oversight/archive-oversight', body);
  return typeof res.archived === 'number' ? res.archived : ids.length;
}

/** One commit of the fix's step file on its branch. */
export async function acceptFix(body: BodyOf<typeof AcceptOversightBody>): Promise<string | null> {
  const res = await api.post<{ commit?: string }>('runs/oversight/accept', body);
  return res.commit ?? null;
}
