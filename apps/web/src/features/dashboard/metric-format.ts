/** How the dashboard writes its figures. */

const trim2 = (n: number) => String(Math.round(n * 100) / 100);

/** Hours with up to 2 decimals: 8 -> "8 h", 1.75 -> "1.75 h", 0 -> "0 h". */
export function formatHours(hours: number): string {
  const n = Number.isFinite(hours) ? Math.max(0, hours) : 0;
  return `${Number(trim2(n)).toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
}

/** US dollars: whole amounts without cents ("$1,200"), others with two decimals ("$87.50"). */
export function formatMoney(amount: number): string {
  const n = Number.isFinite(amount) ? Math.max(0, Math.round(amount * 100) / 100) : 0;
  const whole = Number.isInteger(n);
  return n.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}

/** Seconds as hours and minutes: 0 -> "0 min", 42 -> "42 s", 125 -> "2 min", 3725 -> "1 h 2 min", 7200 -> "2 h". */
export function formatExecutionTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (s === 0) return '0 min';
  if (s < 60) return `${s} s`;
  const totalMinutes = Math.round(s / 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h.toLocaleString('en-US')} h` : `${h.toLocaleString('en-US')} h ${m} min`;
}

/** Share of passed executions as a rounded percent; null when nothing ran. */
export function passRatio(passed: number, failed: number): number | null {
  const total = Math.max(0, passed) + Math.max(0, failed);
  if (total === 0) return null;
  return Math.round((Math.max(0, passed) / total) * 100);
}

/** "3 AI recoveries", "1 AI recovery": a count with its noun. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
