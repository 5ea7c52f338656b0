import { hash, randomBytes, randomUUID } from 'node:crypto';

/** An opaque random token (URL safe). */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 digests; they are long and random, so no salt is needed. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newId(): string {
  return randomUUID();
}

/** "swk_abcd...wxyz": enough of a token to recognise it, not to use it. */
export function tokenHint(token: string): string {
  return `${token.slice(0, 8)}...${token.slice(-4)}`;
}
