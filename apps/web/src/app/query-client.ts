import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { QUERY_CACHE_KEY } from '../lib/web-constants';

/** Cached queries are kept indefinitely, saved to local storage and not refetched on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && failureCount < 2,
    },
  },
});

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: QUERY_CACHE_KEY,
});

/**
 * Branch contents (feature lists, steps, files), reports and the application map are not saved: they
 * can be many megabytes, past what local storage holds, and are refetched on the next visit anyway.
 */
export function shouldPersistQuery(query: Query): boolean {
  const key = query.queryKey;
  if (key[0] === 'runs' || key[0] === 'memory') return false;
  return defaultShouldDehydrateQuery(query) && !(key[0] === 'ws' && key[2] === 'branch');
}

export const persistOptions = {
  persister: queryPersister,
  maxAge: Infinity,
  buster: 'v2',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};
