import { SESSION_COOKIES, TOKEN_STORAGE_KEY } from '@stepwise/shared';
import { createExternalStore } from '../lib/external-store';
import { randomId } from '../lib/random-id';

const SESSION_ID_KEY = 'stepwise.sessionId';

/**
 * The session lives in an HttpOnly cookie page scripts never see; beside it the server sets a readable
 * CSRF cookie, which every write repeats in a header. Its presence is what tells the app it is signed in.
 */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${SESSION_COOKIES.csrf}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) || null : null;
}

/** Whether this browser holds a session (the server still has the last word: a 401 ends it). */
export const signedInStore = createExternalStore<boolean>(() => csrfToken() !== null);

/** After a sign-in: the server has set the cookies. */
export function markSignedIn(): void {
  signedInStore.set(csrfToken() !== null);
}

/** After a sign-out or an expired session: the readable cookie goes (the server clears both on logout). */
export function markSignedOut(): void {
  document.cookie = `${SESSION_COOKIES.csrf}=; Max-Age=0; Path=/; SameSite=Lax`;
  signedInStore.set(false);
}

export const useSignedIn = signedInStore.use;

// Another tab signing in or out keeps this tab in step when it is shown again.
if (typeof window !== 'undefined') {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
  const recheck = () => signedInStore.set(csrfToken() !== null);
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', recheck);
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
