/** What a redacted secret is replaced with. */
export const REDACTED = '***';
/** Secrets shorter than this are never redacted: one or two characters would blank out ordinary text. */
export const MIN_SECRET_LENGTH = 3;
/**
 * The shortest base64 and hex forms looked for (30 and 32 bits): shorter ones turn up by chance in
 * ids, hashes and screenshots' text often enough to blank out what is not a secret.
 */
const MIN_BASE64 = 5;
const MIN_HEX = 8;

/** Replaces the secrets in a text; `spans` and `reach` let a caller find a secret cut across two texts. */
export interface Redact {
  (text: string): string;
  /** Where the secrets are in `text`: [start, end) pairs, in order, never overlapping. */
  spans?: (text: string) => Array<[number, number]>;
  /** The most characters one secret can take in any of its forms. */
  reach?: number;
}

/** One character of a secret in one of its encodings: its pattern and the most characters it matches. */
interface Token {
  source: string;
  max: number;
}
/** A secret in one encoding, token by token. */
type Form = Token[];

/** Forms sharing their first tokens share one branch: the RegExp tries a handful of characters where it could try every form. */
interface Node {
  next: Array<[string, Node]>;
  end: boolean;
}

const identity: Redact = Object.assign((text: string) => text, { spans: () => [], reach: 0 });

/**
 * A redactor of `secrets` in their plain form and the forms they take when printed in requests,
 * headers and reports: URL-encoded (encodeURIComponent, forms' '+', either case of hex), JSON-escaped
 * (once or twice), HTML entities, hex of their UTF-8 bytes (either case) and base64 (standard and
 * URL-safe, padded or not, and at each of the three byte alignments it can take inside a longer
 * base64 text, as in `Basic base64(user:secret)`). All forms of all secrets are one RegExp (a tree of
 * their common beginnings), so a text is read once whatever the number of secrets.
 */
export function redactor(secrets: Iterable<string>): Redact {
  const root: Node = { next: [], end: false };
  let reach = 0;
  for (const secret of new Set(secrets)) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of formsOf(secret)) {
      let node = root;
      for (const t of form) {
        let child = node.next.find(([source]) => source === t.source)?.[1];
        if (!child) node.next.push([t.source, (child = { next: [], end: false })]);
        node = child;
      }
      node.end = true;
      reach = Math.max(reach, form.reduce((n, t) => n + t.max, 0));
    }
  }
  if (root.next.length === 0) return identity;
  const pattern = new RegExp(emit(root), 'g');
  const redact = (text: string) => (text ? text.replace(pattern, REDACTED) : text);
  const spans = (text: string): Array<[number, number]> => [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
  return Object.assign(redact, { spans, reach });
}

/** The pattern of a branch; where a form ends and a longer one goes on, the longer one is tried first. */
function emit(node: Node): string {
  const alternatives = node.next.map(([source, child]) => source + emit(child));
  if (alternatives.length === 0) return '';
  if (node.end) return `(?:${alternatives.join('|')})?`;
  return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
}

/** Every string in a value (objects and arrays walked), redacted; other values as they are. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}

function formsOf(secret: string): Form[] {
  const bytes = new TextEncoder().encode(secret);
  const forms = [textForm(secret), hexForm(bytes)];
  for (let offset = 0; offset < 3; offset++) forms.push(base64Form(bytes, offset));
  return forms.filter((f): f is Form => f !== null);
}

const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const anyCase = (hex: string) => hex.replace(/[a-f]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
const hexOf = (n: number, width: number) => n.toString(16).padStart(width, '0');
const utf8 = new TextEncoder();

/** One character written in any of these ways: literal texts, or patterns of `width` characters. */
function oneOf(texts: readonly string[], patterns: ReadonlyArray<{ source: string; width: number }> = []): Token {
  const all = [...new Set(texts.map(escape)), ...patterns.map((p) => p.source)];
  const max = Math.max(...texts.map((t) => t.length), ...patterns.map((p) => p.width));
  return { source: all.length === 1 ? all[0] : `(?:${all.join('|')})`, max };
}

const JSON_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '/': '\\/' };
const HTML_ENTITIES: Record<string, string[]> = { '&': ['&amp;'], '<': ['&lt;'], '>': ['&gt;'], '"': ['&quot;', '&#34;'], "'": ['&#39;', '&#x27;'] };
/** Characters encodeURIComponent leaves as they are. */
const URI_SAFE = /^[A-Za-z0-9\-_.!~*'()]$/;

/**
 * The secret as it is, URL-encoded (each character as it is or %-escaped, a space also as '+'),
 * JSON-escaped once or twice (a JSON text inside a JSON string) and with HTML entities.
 */
function textForm(secret: string): Form {
  const tokens: Form = [];
  for (const c of secret) {
    if (/^[A-Za-z0-9]$/.test(c)) {
      tokens.push({ source: c, max: 1 });
      continue;
    }
    const texts = [c, ...(HTML_ENTITIES[c] ?? [])];
    const patterns: Array<{ source: string; width: number }> = [];
    if (c === ' ') texts.push('+');
    if (!URI_SAFE.test(c)) {
      const bytes = [...utf8.encode(c)];
      patterns.push({ source: bytes.map((b) => `%${anyCase(hexOf(b, 2))}`).join(''), width: 3 * bytes.length });
    }
    const json = JSON_ESCAPES[c] ?? (c < ' ' ? `\\u${hexOf(c.charCodeAt(0), 4)}` : null);
    if (json) texts.push(json, JSON.stringify(json).slice(1, -1));
    if (c.charCodeAt(0) > 0x7e) {
      const units = c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)];
      patterns.push({ source: units.map((u) => `\\\\u${anyCase(hexOf(u, 4))}`).join(''), width: 6 * units.length });
    }
    tokens.push(oneOf(texts, patterns));
  }
  return tokens;
}

function hexForm(bytes: Uint8Array): Form | null {
  const hex = [...bytes].map((b) => hexOf(b, 2)).join('');
  if (hex.length < MIN_HEX) return null;
  return [...hex].map((c) => ({ source: anyCase(c), max: 1 }));
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** A base64 digit in both alphabets (standard, URL-safe) and as it is written in URLs and JSON. */
function digit(n: number): Token {
  if (n === 62) return { source: '(?:\\+|-|%2[bB])', max: 3 };
  if (n === 63) return { source: '(?:\\/|_|%2[fF]|\\\\\\/)', max: 3 };
  return { source: B64[n], max: 1 };
}

/**
 * The base64 digits that the secret's bytes alone decide when it starts `offset` bytes (mod 3) into
 * a longer encoded text, then (optional) the digit it shares with the byte after, as a class of the
 * digits that can be, and the padding that ends a text there. The digit it shares with the byte before (2 or 4 bits of its first byte) is
 * left: as a class at the start of a form it would make the RegExp try that form almost everywhere.
 */
function base64Form(bytes: Uint8Array, offset: number): Form | null {
  const n = bytes.length;
  const bits = (i: number) => (bytes[i >> 3] >> (7 - (i & 7))) & 1;
  const read = (from: number, count: number) => {
    let v = 0;
    for (let i = 0; i < count; i++) v = (v << 1) | bits(from + i);
    return v;
  };
  const lead = (6 - ((offset * 8) % 6)) % 6;
  const form: Form = [];
  let at = lead;
  for (; at + 6 <= n * 8; at += 6) form.push(digit(read(at, 6)));
  if (form.length < MIN_BASE64) return null;
  const rest = n * 8 - at;
  if (rest > 0) {
    const low = read(at, rest) << (6 - rest);
    let after = '';
    for (let x = 0; x < 1 << (6 - rest); x++) after += B64[low | x];
    form.push({ source: `[${escape(after.replace('+', '+-').replace('/', '/_'))}]?`, max: 1 }, { source: '={0,2}', max: 2 });
  }
  return form;
}

const TEXT_SUBTYPES = /^(?:json|xml|javascript|ecmascript|x-javascript|x-ndjson|ndjson|jsonl|x-www-form-urlencoded|yaml|x-yaml|toml|csv|graphql|sql|x-sh|x-shellscript|x-httpd-php|x-har)$/;

/** True for a media type whose bytes are text: text/*, JSON, XML, YAML, CSV, scripts, and any '+json' or '+xml' type (SVG too). */
export function isTextMediaType(mediaType: string | null | undefined): boolean {
  const type = (mediaType ?? '').split(';')[0].trim().toLowerCase();
  const slash = type.indexOf('/');
  if (slash <= 0) return false;
  const [top, sub] = [type.slice(0, slash), type.slice(slash + 1)];
  if (top === 'text') return true;
  if (/\+(?:json|xml|yaml)$/.test(sub)) return true;
  return top === 'application' && TEXT_SUBTYPES.test(sub);
}
