import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed upload URLs: `/api/runs/upload/<token>` where the token is `<payload>.<signature>` (both
 * base64url), the payload a JSON grant (project, upload id, file name, media type, user, expiry in
 * seconds) and the signature HMAC-SHA256 of the payload part under a key derived from the server's
 * secret. Whoever holds the URL may PUT one file until it expires; nothing is stored per grant.
 */
export interface UploadGrant {
  projectId: string;
  uploadId: string;
  fileName: string;
  contentType: string;
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export const UPLOAD_KEY_PURPOSE = 'upload-url';
export const UPLOAD_PATH_PREFIX = '/api/runs/upload/';

export type VerifyResult = { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' };

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUploadGrant(key: Buffer, grant: UploadGrant): string {
  const payload = Buffer.from(
    JSON.stringify({ p: grant.projectId, i: grant.uploadId, f: grant.fileName, c: grant.contentType, u: grant.userId, e: grant.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The grant of a token whose signature holds and that has not expired at `nowMs`. */
export function verifyUploadToken(key: Buffer, token: string, nowMs: number): VerifyResult {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4000) return { ok: false, reason: 'invalid' };
  const payload = token.slice(0, dot);
  // The signature's text is compared, not its decoded bytes: decoding skips stray characters and the
  // unused low bits of the last one, which would let many spellings of one signature pass.
  const given = Buffer.from(token.slice(dot + 1), 'utf8');
  const expected = Buffer.from(sign(key, payload), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { p, i, f, c, u, e } = raw ?? {};
  if (typeof p !== 'string' || typeof i !== 'string' || typeof f !== 'string' || typeof c !== 'string' || typeof u !== 'string' || typeof e !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (nowMs >= e * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { projectId: p, uploadId: i, fileName: f, contentType: c, userId: u, expiresAt: e } };
}

const SAFE_NAME_MAX = 150;

/**
 * A file name safe as one blob key segment: the last path part, characters other than letters,
 * digits, '.', '_' and '-' as '_', no leading dots, at most 150 characters; 'file' when nothing is left.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // Accents dropped ("cödé" -> "code"), then anything else unsafe as '_'.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-SAFE_NAME_MAX);
  return cleaned.replace(/^[._]+/, '') || 'file';
}

const MEDIA_TYPE_RE = /^[A-Za-z0-9][\w.+-]*\/[\w.+-]+$/;

/** A media type the blob store takes (no parameters), else application/octet-stream. */
export function safeContentType(type: string | undefined): string {
  const t = (type ?? '').trim().toLowerCase();
  return t.length <= 100 && MEDIA_TYPE_RE.test(t) ? t : 'application/octet-stream';
}
