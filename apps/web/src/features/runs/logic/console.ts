import type { ConsoleEntry } from '@stepwise/shared';

export interface ConsoleLine extends ConsoleEntry {
  kind: 'warning' | 'error';
}

/** The console entries the report shows: warnings and errors (uncaught page errors count as errors). */
export function consoleEntries(entries: readonly ConsoleEntry[]): ConsoleLine[] {
  const out: ConsoleLine[] = [];
  for (const e of entries) {
    const t = e.type.toLowerCase();
    if (t === 'error' || t === 'pageerror' || t === 'assert') out.push({ ...e, kind: 'error' });
    else if (t === 'warning' || t === 'warn') out.push({ ...e, kind: 'warning' });
  }
  return out;
}
