import { Secret, TOTP, URI } from 'otpauth';

/**
 * The TOTP generator of a stored secret: a base32 key (RFC 6238 defaults: SHA-1, 6 digits, 30 s) or
 * a whole otpauth://totp/ URI as an authenticator QR code holds it. Null when it is neither.
 */
export function totpOf(secret: string): TOTP | null {
  const key = secret.trim();
  if (!key) return null;
  try {
    if (/^otpauth:\/\//i.test(key)) {
      const parsed = URI.parse(key);
      return parsed instanceof TOTP ? parsed : null;
    }
    const bytes = Secret.fromBase32(key.replace(/[\s=-]/g, ''));
    return bytes.bytes.length > 0 ? new TOTP({ secret: bytes }) : null;
  } catch {
    return null;
  }
}
