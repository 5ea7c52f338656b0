import fs from 'node:fs/promises';

/** Replaces every secret in a text with '***', longest first (so a secret inside another is not half shown). */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const sorted = [...new Set(secrets)].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return (text) => text;
  return (text) => sorted.reduce((out, secret) => out.split(secret).join('***'), text);
}

/** Every string of a message, redacted; base64 attachment bodies (images, files) are kept as they are. */
export function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const base64 = (value as { contentEncoding?: unknown }).contentEncoding === 'BASE64';
    return Object.fromEntries(entries.map(([k, v]) => [k, base64 && k === 'body' ? v : redactValue(v, redact)]));
  }
  return value;
}

/** Rewrites an NDJSON messages file with its secrets redacted. */
export async function redactNdjsonFile(file: string, redact: (text: string) => string): Promise<void> {
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const out = lines.map((line) => (line.trim() ? JSON.stringify(redactValue(JSON.parse(line), redact)) : line));
  await fs.writeFile(file, out.join('\n'));
}
