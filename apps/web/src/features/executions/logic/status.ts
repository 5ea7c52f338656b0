import type { ExecutionDto, InstanceStatus, LiveStatus, MemberDto } from '@stepwise/shared';

export type ExecutionBadge = 'Active' | 'Planned' | 'Draft';

/** Active when a live instance exists; else Planned when a schedule exists; else Draft. */
export function executionBadge(execution: Pick<ExecutionDto, 'schedule'>, live: boolean): ExecutionBadge {
  if (live) return 'Active';
  if (execution.schedule && execution.schedule.days.length > 0) return 'Planned';
  return 'Draft';
}

const FINISHED: readonly InstanceStatus[] = ['passed', 'failed', 'stopped', 'error'];

export function isFinished(status: InstanceStatus): boolean {
  return FINISHED.includes(status);
}

/** Label of a live status: its verbose text while running, else the outcome. */
export function liveStatusLabel(live: Pick<LiveStatus, 'status' | 'verboseStatus'>): string {
  switch (live.status) {
    case 'passed':
      return 'Passed';
    case 'failed':
      return 'Failed';
    case 'stopped':
      return 'Stopped';
    case 'error':
      return live.verboseStatus || 'Error';
    default:
      return live.verboseStatus || live.status.charAt(0).toUpperCase() + live.status.slice(1);
  }
}

/**
 * Name of a creator or last modifier: the member's name, else their email, else the name the server
 * sent, else 'Unknown User'; '-' when there is none.
 */
export function personName(userId: string | null | undefined, members: readonly Pick<MemberDto, 'user_id' | 'name' | 'user_email'>[], fallback?: string | null): string {
  if (!userId) return '-';
  const member = members.find((m) => m.user_id === userId);
  return member?.name?.trim() || member?.user_email || fallback?.trim() || 'Unknown User';
}

export interface ConsoleEntry {
  text: string;
  timestamp?: string;
}

const STAMPED = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) (.*)$/s;

/** A log line 'ISO-time text' as its time and text. */
export function parseLogLine(line: string): ConsoleEntry {
  const m = STAMPED.exec(line);
  return m ? { timestamp: m[1], text: m[2] } : { text: line };
}

/**
 * Status messages of a live instance and its log lines, in time order where times are known, each
 * identical message shown once (at its first occurrence).
 */
export function consoleMessages(live: Pick<LiveStatus, 'statusHistory' | 'verboseStatus' | 'timestamp'>, logs: readonly string[] = []): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [
    ...live.statusHistory.map((h) => ({ text: h.verboseStatus, timestamp: h.timestamp })),
    { text: live.verboseStatus, timestamp: live.timestamp },
    ...logs.map(parseLogLine),
  ];
  // A stable sort: entries without a time keep their place after the timed ones before them.
  entries.sort((a, b) => (a.timestamp && b.timestamp ? (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0) : 0));
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = e.text?.trim();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
