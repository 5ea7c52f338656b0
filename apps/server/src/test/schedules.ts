/**
 * A schedule's time of day (HH:MM, UTC, on a 15-minute step) `hours` from now: a test that stores a
 * fire time in the last hour or two picks a daily time far from now, so that none of the schedule's
 * own fires falls in that window whatever the hour the test runs at.
 */
export function timeOfDayFromNow(hours: number): string {
  const later = new Date(Date.now() + hours * 3600_000);
  return `${String(later.getUTCHours()).padStart(2, '0')}:${String(Math.floor(later.getUTCMinutes() / 15) * 15).padStart(2, '0')}`;
}
