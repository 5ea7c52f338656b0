import { type Command, formatSeconds1, type ReportStep } from '@stepwise/shared';

const COMMAND_LABELS: Record<string, string> = {
  api_test: 'API test',
  bruno: 'Bruno',
  conditional_wait: 'Wait',
  report_command: 'Report',
  step_complete: 'Step',
  api_intercept: 'Interception',
  action: 'Action',
};

export function commandLabel(c: Pick<Command, 'type'>): string {
  return COMMAND_LABELS[c.type] ?? c.type;
}

/** Milliseconds between two ISO times, or null when one is missing. */
export function msBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  if (!start || !end) return null;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}

/** Step time in ms: the runner's duration, else from its start and end. */
export function stepMs(step: Pick<ReportStep, 'result'>): number | null {
  const d = step.result.duration;
  if (typeof d === 'number' && Number.isFinite(d) && d > 0) return d;
  return msBetween(step.result.startTime, step.result.endTime);
}

/** A time in seconds with one decimal ("1.5s"); '-' when unknown. */
export function secondsText(ms: number | null): string {
  return ms === null ? '-' : `${formatSeconds1(ms)}s`;
}

/** What the expanded step says: its result message, else the AI's reasoning. */
export function stepDetail(step: Pick<ReportStep, 'result' | 'evaluation'>): { kind: 'message' | 'reasoning'; text: string } | null {
  if (step.result.message) return { kind: 'message', text: step.result.message };
  if (step.evaluation?.reasoning) return { kind: 'reasoning', text: step.evaluation.reasoning };
  return null;
}
