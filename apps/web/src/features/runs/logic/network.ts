import { isNetworkFailure, type NetworkEntry } from '@stepwise/shared';

/** Host and path of a request URL; a URL that does not parse is all path. */
export function splitUrl(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    return { host: u.host, path: `${u.pathname}${u.search}` };
  } catch {
    return { host: '', path: url };
  }
}

export function failingRequests(entries: readonly NetworkEntry[]): NetworkEntry[] {
  return entries.filter((e) => isNetworkFailure(e.status));
}

/** Empty-state text of the Network tab, or null when there are failing requests to list. */
export function networkMessage(entries: readonly NetworkEntry[]): string | null {
  if (entries.length === 0) return 'No network logs available';
  if (failingRequests(entries).length === 0) return 'No network issues detected';
  return null;
}

export interface NetworkFilters {
  xhrOnly: boolean;
  errorsOnly: boolean;
}

export const DEFAULT_NETWORK_FILTERS: NetworkFilters = { xhrOnly: true, errorsOnly: true };

const XHR_TYPES = new Set(['xhr', 'fetch']);

/** A failure text (net::ERR_ABORTED) sorts above every number. */
function statusRank(status: number | string): number {
  const n = typeof status === 'number' ? status : Number(status);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** The full network logs: filtered by type and failure, sorted by status descending (stable). */
export function filterNetworkLogs(entries: readonly NetworkEntry[], filters: NetworkFilters): NetworkEntry[] {
  return entries
    .filter((e) => !filters.xhrOnly || XHR_TYPES.has(e.type.toLowerCase()))
    .filter((e) => !filters.errorsOnly || isNetworkFailure(e.status))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => statusRank(b.e.status) - statusRank(a.e.status) || a.i - b.i)
    .map(({ e }) => e);
}
