/** Hour offsets from GMT that time zones use, -11 to +14, with the half-hour and 45-minute ones. */
export const TIME_ZONE_OFFSETS: readonly number[] = [
  -11, -10, -9.5, -9, -8, -7, -6, -5, -4, -3.5, -3, -2, -1, 0, 1, 2, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6, 6.5, 7, 8, 8.75, 9, 9.5, 10,
  10.5, 11, 12, 12.75, 13, 13.75, 14,
];

/** 5.75 -> 'GMT +05:45'; -3.5 -> 'GMT -03:30'; 0 -> 'GMT +00:00'. */
export function formatGmtOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const total = Math.round(Math.abs(offset) * 60);
  const hours = String(Math.floor(total / 60)).padStart(2, '0');
  const minutes = String(total % 60).padStart(2, '0');
  return `GMT ${sign}${hours}:${minutes}`;
}

/** The browser's own offset in hours (e.g. 1 for CET in winter). */
export function localOffset(date: Date = new Date()): number {
  return -date.getTimezoneOffset() / 60;
}

export interface TimeZoneList {
  /** Shown first, above a divider: the browser's zone, GMT, then the selected one or the next common one. */
  pinned: number[];
  /** Every other offset, in increasing order. */
  rest: number[];
}

/**
 * The time-zone menu: three entries pinned on top (the user's own offset, GMT +00:00 and the current
 * value, falling back to common offsets), then every other offset once.
 */
export function timeZoneList(local: number, selected: number): TimeZoneList {
  const known = (n: number) => TIME_ZONE_OFFSETS.includes(n);
  const candidates = [local, 0, selected, 1, -5, 5.5].filter(known);
  const pinned: number[] = [];
  for (const c of candidates) if (!pinned.includes(c) && pinned.length < 3) pinned.push(c);
  return { pinned, rest: TIME_ZONE_OFFSETS.filter((o) => !pinned.includes(o)) };
}
