import { MSG } from './messages.ts';

/** A valid http(s) URL with a host. */
export function isValidProjectUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True while the user has typed only a protocol prefix ("h", "http", "https://"): no error shown yet. */
export function isOnlyProtocolPrefix(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || 'https://'.startsWith(v) || 'http://'.startsWith(v);
}

/** Project name derived from a URL host: "https://www.shop.example.com/x" -> "shop.example.com". */
export function projectNameFromUrl(value: string): string {
  try {
    return new URL(value.trim()).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim()) && value.length <= 254;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailDomain(email: string): string {
  return normaliseEmail(email).split('@')[1] ?? '';
}

export interface InviteCheck {
  emails: string[];
  selfEmail: string;
  /** Addresses of members and pending invitations of the project. */
  taken: string[];
  /** Domains allowed while the project is a trial; null: any domain. */
  trialDomains: string[] | null;
}

/** First message that makes an invitation list invalid, or null. Same rules on both sides. */
export function inviteError({ emails, selfEmail, taken, trialDomains }: InviteCheck): string | null {
  const list = emails.map(normaliseEmail).filter(Boolean);
  if (list.length === 0) return MSG.inviteAtLeastOne;
  if (list.some((e) => !isValidEmail(e))) return MSG.invalidEmail;
  if (list.includes(normaliseEmail(selfEmail))) return MSG.inviteSelf;
  if (new Set(list).size !== list.length) return MSG.inviteUnique;
  const takenSet = new Set(taken.map(normaliseEmail));
  if (list.some((e) => takenSet.has(e))) return MSG.inviteAlreadyMember;
  if (trialDomains && list.some((e) => !trialDomains.includes(emailDomain(e)))) return MSG.inviteTrial;
  return null;
}

/** Name cut for the member removal dialog. */
export function truncateName(name: string, max = 42): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
