import { useEffect, useState } from 'react';
import { errorText, isUnauthorized } from '../../api/client';
import { useSignedIn } from '../../api/session';
import { createAccessKey, fetchAccessKeys } from '../access-tokens/access-tokens.api';

export const CLIENT_KEY_NAME = 'Stepwise client (launch page)';
const storageKey = (projectId: string) => `stepwise.clientKey.${projectId}`;

export interface ClientAccessKey {
  /** The key the deep link carries (null: the client uses the one it is configured with). */
  key: string | null;
  ready: boolean;
  /** Why no key could be had (not a member, offline). */
  error: string | null;
}

function stored(projectId: string): { id: string; token: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? 'null') as { id?: unknown; token?: unknown } | null;
    return value && typeof value.id === 'string' && typeof value.token === 'string' ? { id: value.id, token: value.token } : null;
  } catch {
    return null;
  }
}

/**
 * The project access key the desktop client is handed: the link's own access_key, else (signed in)
 * the key this browser made for the client before, when it still exists, else a new one, kept for the
 * next links. Signed out, or without a project: none.
 */
export function useClientAccessKey(projectId: string | null, given: string | null): ClientAccessKey {
  const signedIn = useSignedIn();
  const needed = !given && !!projectId && signedIn;
  const [state, setState] = useState<ClientAccessKey>({ key: given, ready: !needed, error: null });

  useEffect(() => {
    if (!needed || !projectId) {
      setState({ key: given, ready: true, error: null });
      return;
    }
    let alive = true;
    setState({ key: null, ready: false, error: null });
    (async () => {
      const known = stored(projectId);
      if (known && (await fetchAccessKeys(projectId)).some((k) => k.id === known.id)) return known.token;
      const made = await createAccessKey(projectId, CLIENT_KEY_NAME);
      try {
        localStorage.setItem(storageKey(projectId), JSON.stringify({ id: made.accessKey.id, token: made.token }));
      } catch {
        // storage refused: a new key next time
      }
      return made.token;
    })().then(
      (key) => alive && setState({ key, ready: true, error: null }),
      (err: unknown) => alive && setState({ key: null, ready: true, error: isUnauthorized(err) ? 'Your session has expired: sign in again to hand an access key to the client.' : errorText(err) }),
    );
    return () => {
      alive = false;
    };
  }, [needed, projectId, given]);

  return state;
}
