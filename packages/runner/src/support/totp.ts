import { Secret, TOTP, URI } from 'otpauth';

/** The current code of a TOTP key: base32 (RFC 6238 defaults) or an otpauth://totp/ URI. Null when it is neither. */
export function totpCode(secret: string): string | null {
  const key = secret.trim();
  if (!key) return null;
  try {
    if (/^otpauth:\/\//i.test(key)) {
      const parsed = URI.parse(key);
      return parsed instanceof TOTP ? parsed.generate() : null;
    }
    const bytes = Secret.fromBase32(key.replace(/[\s=-]/g, ''));
    return bytes.bytes.length > 0 ? new TOTP({ secret: bytes }).generate() : null;
  } catch {
    return null;
  }
}
