import { TOKEN_STORAGE_KEY } from '@stepwise/shared';
import { createExternalStore } from '../lib/external-store';
import { randomId } from '../lib/random-id';

const SESSION_ID_KEY = 'stepwise.sessionId';

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The session token; its presence means the user is authenticated. */
export const tokenStore = createExternalStore<string | null>(readToken);

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  tokenStore.set(token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  tokenStore.set(null);
}

export const useToken = tokenStore.use;

// Another tab signing in or out keeps this tab in step.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY) tokenStore.set(event.newValue);
  });
}

let sessionId: string | null = null;
/** Random id per browser session (tab lifetime), sent as x-session-id. */
export function getSessionId(): string {
  if (sessionId) return sessionId;
  try {
    sessionId = sessionStorage.getItem(SESSION_ID_KEY);
    if (!sessionId) {
      sessionId = randomId();
      sessionStorage.setItem(SESSION_ID_KEY, sessionId);
    }
  } catch {
    sessionId = randomId();
  }
  return sessionId;
}

let currentProjectId: string | null = null;
/** Project of the page being shown, sent as x-project-id. */
export function setCurrentProjectId(id: string | null): void {
  currentProjectId = id;
}
export function getCurrentProjectId(): string | null {
  return currentProjectId;
}

/** Raised by any call answered with 401 while signed in; shows the session-expired dialog. */
export const sessionExpiredStore = createExternalStore<boolean>(() => false);
export const useSessionExpired = sessionExpiredStore.use;

let signedOutByUser = false;
/** Set by Logout so the guard sends the user to a plain /login without a callback URL. */
export function setSignedOutByUser(value: boolean): void {
  signedOutByUser = value;
}
export function wasSignedOutByUser(): boolean {
  return signedOutByUser;
}
