import type { ExecutionDto, ExecutionEventDto, ExecutionEventKind, Flow, LiveStatus, Schedule, ScreenshotMode } from '@stepwise/shared';
import type { ExecutionEventRow, ExecutionRow } from '../db/schema.ts';
import type { ExecutionWithNames } from './executions.repository.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Name, else email, else "Unknown User" (a user id whose user is gone); null when there is no user. */
export function displayName(userId: string | null, first: string | null, last: string | null, email: string | null): string | null {
  if (!userId) return null;
  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return name || email || 'Unknown User';
}

/** Live instance of the execution: the most recently started one. */
export function liveOf(executionId: string, live: LiveStatus[]): LiveStatus | null {
  let found: LiveStatus | null = null;
  for (const s of live) if (s.executionId === executionId && (!found || s.startTime > found.startTime)) found = s;
  return found;
}

export function toExecutionDto(row: ExecutionRow | ExecutionWithNames, live: LiveStatus[]): ExecutionDto {
  const named = row as Partial<ExecutionWithNames>;
  const liveInstance = liveOf(row.id, live);
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    env: row.env,
    branch: row.branch,
    flows: row.flows as Flow[],
    schedule: (row.schedule as Schedule | null) ?? null,
    isSingleThreaded: row.is_single_threaded,
    aiRecovery: row.ai_recovery ?? false,
    screenshots: (row.screenshots ?? 'each-step') as ScreenshotMode,
    enabled: row.enabled,
    userId: row.created_by ?? '',
    modifiedByUserId: row.modified_by,
    running: liveInstance !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ...('creator_email' in row
      ? {
          createdByName: displayName(row.created_by, named.creator_first ?? null, named.creator_last ?? null, named.creator_email ?? null),
          modifiedByName: displayName(row.modified_by, named.modifier_first ?? null, named.modifier_last ?? null, named.modifier_email ?? null),
        }
      : {}),
    liveInstance,
    nextRunAt: row.enabled ? iso(row.next_run_at) : null,
  };
}

export function toEventDto(row: ExecutionEventRow): ExecutionEventDto {
  return {
    id: row.id,
    executionId: row.execution_id,
    kind: row.kind as ExecutionEventKind,
    scheduledFor: iso(row.scheduled_for),
    executionInstanceId: row.instance_id,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
