import { useEffect, useState } from 'react';
import { fetchScreenshot, logScreenshotFailure } from '../runs.api';

/** Object URLs of the screenshots seen lately (not in the query cache: that is saved to local storage). */
const cache = new Map<string, string>();
const CACHE_LIMIT = 40;

function remember(key: string, url: string): void {
  cache.set(key, url);
  while (cache.size > CACHE_LIMIT) {
    const [oldest, old] = cache.entries().next().value as [string, string];
    cache.delete(oldest);
    URL.revokeObjectURL(old);
  }
}

export type ScreenshotState = { status: 'none' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string };

/** A run's screenshot, fetched with the bearer token and shown from a blob URL. */
export function useScreenshot(projectId: string, runId: string, screenshotId: string | null | undefined): ScreenshotState {
  const key = screenshotId ? `${projectId}/${runId}/${screenshotId}` : '';
  const [state, setState] = useState<{ key: string; value: ScreenshotState }>({ key: '', value: { status: 'none' } });

  useEffect(() => {
    if (!key || !screenshotId || cache.has(key)) return;
    const controller = new AbortController();
    fetchScreenshot(projectId, runId, screenshotId, controller.signal).then(
      (blob) => {
        remember(key, URL.createObjectURL(blob));
        setState({ key, value: { status: 'ready', url: cache.get(key)! } });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        logScreenshotFailure(err);
        setState({ key, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [key, projectId, runId, screenshotId]);

  if (!key) return { status: 'none' };
  const cached = cache.get(key);
  if (cached) return { status: 'ready', url: cached };
  return state.key === key ? state.value : { status: 'loading' };
}
