import { NPMRC_MASK } from '@stepwise/shared';

/** Keys whose values are credentials (the part after the last ':', as in `//registry/:_authToken`). */
const SECRET_KEY = /^(?:_auth|_authtoken|_password|password|token|key|.*(?:token|password|passwd|secret|apikey|api[-_]key))$/i;
/** `key = value` (a value may be quoted); comments start with '#' or ';'. */
const SETTING = /^(\s*)([^=#;\s][^=]*?)(\s*=\s*)(.*?)(\s*)$/;
const ENV_REFERENCE = /^\$\{[^}]+\}$/;
/** user:password@ in a URL. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(@)/gi;

interface Setting {
  key: string;
  value: string;
  quote: string;
}

function parse(line: string): { parts: RegExpMatchArray; setting: Setting } | null {
  const parts = line.match(SETTING);
  if (!parts) return null;
  const raw = parts[4];
  const quote = /^(["']).*\1$/.test(raw) && raw.length >= 2 ? raw[0] : '';
  return { parts, setting: { key: parts[2], value: quote ? raw.slice(1, -1) : raw, quote } };
}

function isSecretSetting({ key, value }: Setting): boolean {
  return !!value && !ENV_REFERENCE.test(value) && SECRET_KEY.test(key.slice(key.lastIndexOf(':') + 1).trim());
}

/**
 * The .npmrc as every member sees it: token, password and auth values and the passwords of URLs
 * replaced by NPMRC_MASK; registries, scopes and comments as they are.
 */
export function maskNpmrc(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const parsed = parse(line);
      if (!parsed || !isSecretSetting(parsed.setting)) return line.replace(URL_PASSWORD, `$1${NPMRC_MASK}$3`);
      const [, indent, key, equals, , trailing] = parsed.parts;
      const { quote } = parsed.setting;
      return `${indent}${key}${equals}${quote}${NPMRC_MASK}${quote}${trailing}`;
    })
    .join('\n');
}

export class MaskedValueError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`Line ${line} of the .npmrc holds ${NPMRC_MASK} where no value is stored`);
    this.line = line;
  }
}

/**
 * The text to store when `next` was edited from the masked text of `stored`: a line that still reads
 * as a stored line's masked form is that stored line (its values unchanged); any other line is
 * taken as written. A line that keeps the mask but matches no stored line throws MaskedValueError.
 */
export function mergeNpmrc(next: string, stored: string): string {
  const masked = new Map<string, string>();
  for (const line of stored.split('\n')) {
    const m = maskNpmrc(line);
    if (m !== line && !masked.has(m.trim())) masked.set(m.trim(), line);
  }
  return next
    .split('\n')
    .map((line, i) => {
      if (!line.includes(NPMRC_MASK)) return line;
      const original = masked.get(line.trim());
      if (original === undefined) throw new MaskedValueError(i + 1);
      return original;
    })
    .join('\n');
}

/** The credentials in an .npmrc, as the runner's output could print them (for redaction). */
export function npmrcSecrets(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(URL_PASSWORD)) {
      found.add(m[2]);
      found.add(safeDecode(m[2]));
    }
    const parsed = parse(line);
    if (!parsed || !isSecretSetting(parsed.setting)) continue;
    const { key, value } = parsed.setting;
    found.add(value);
    // _auth is base64 of "user:password", _password base64 of the password.
    const name = key.slice(key.lastIndexOf(':') + 1).trim().toLowerCase();
    if (name === '_auth' || name === '_password') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      found.add(decoded);
      if (name === '_auth' && decoded.includes(':')) found.add(decoded.slice(decoded.indexOf(':') + 1));
    }
  }
  return [...found].filter(Boolean);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
