import fs from 'node:fs/promises';
import { isTextMediaType, redactor as sharedRedactor, type Redact } from '@stepwise/shared';

/**
 * Replaces every secret in a text with '***': its plain form and its encodings (base64 at any
 * alignment, URL, JSON, hex; see the shared redactor).
 */
export function redactor(secrets: readonly string[]): Redact {
  return sharedRedactor(secrets);
}

/**
 * Every string of a message, redacted. A base64 attachment body is decoded, redacted and encoded
 * again when its media type is text; other bodies (images, videos, archives) are kept as they are.
 */
export function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const { contentEncoding, mediaType } = value as { contentEncoding?: unknown; mediaType?: unknown };
    const base64 = contentEncoding === 'BASE64';
    const text = base64 && typeof mediaType === 'string' && isTextMediaType(mediaType);
    return Object.fromEntries(entries.map(([k, v]) => [k, base64 && k === 'body' ? (text && typeof v === 'string' ? redactBase64(v, redact) : v) : redactValue(v, redact)]));
  }
  return value;
}

function redactBase64(body: string, redact: (text: string) => string): string {
  const text = Buffer.from(body, 'base64').toString('utf8');
  const redacted = redact(text);
  return redacted === text ? body : Buffer.from(redacted, 'utf8').toString('base64');
}

/** Rewrites an NDJSON messages file with its secrets redacted. */
export async function redactNdjsonFile(file: string, redact: (text: string) => string): Promise<void> {
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const out = lines.map((line) => (line.trim() ? JSON.stringify(redactValue(JSON.parse(line), redact)) : line));
  await fs.writeFile(file, out.join('\n'));
}
