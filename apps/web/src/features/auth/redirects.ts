import { INVITATION_LINK_KEY } from '../../lib/web-constants';

/** A callback URL is only followed when it stays inside the app. */
export function safeCallbackUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login') || value.startsWith('/signup')) return null;
  return value;
}

export function loginUrlFor(pathWithQueryAndHash: string): string {
  return `/login?callbackUrl=${encodeURIComponent(pathWithQueryAndHash)}`;
}

export function saveInvitationLink(link: string): void {
  localStorage.setItem(INVITATION_LINK_KEY, link);
}

export function takeInvitationLink(): string | null {
  const link = localStorage.getItem(INVITATION_LINK_KEY);
  localStorage.removeItem(INVITATION_LINK_KEY);
  return safeCallbackUrl(link);
}

export function clearInvitationLink(): void {
  localStorage.removeItem(INVITATION_LINK_KEY);
}
