// eslint-disable-next-line no-restricted-imports -- tests run under vitest; the boundary guards the shipped code
import { describe, expect, it } from 'vitest';
import { isTextMediaType, REDACTED, redactDeep, redactor } from './redaction.ts';

const SECRET = 'S3cret-Pa55/word+xyz é"';
const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const b64url = (s: string) => b64(s).replace(/\+/g, '-').replace(/\//g, '_');
const hex = (s: string) => [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('redactor', () => {
  const redact = redactor([SECRET, 'hunter22']);

  it.each([
    ['plain', SECRET],
    ['base64', b64(SECRET)],
    ['base64 without padding', b64(SECRET).replace(/=+$/, '')],
    ['URL-safe base64', b64url(SECRET)],
    ['encodeURIComponent', encodeURIComponent(SECRET)],
    ['form encoding', new URLSearchParams({ p: SECRET }).toString()],
    ['percent escapes in lower case', encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['hex', hex(SECRET)],
    ['upper-case hex', hex(SECRET).toUpperCase()],
    ['JSON', JSON.stringify({ password: SECRET })],
    ['JSON in JSON', JSON.stringify(JSON.stringify({ password: SECRET }))],
    ['JSON with \\u escapes', JSON.stringify(SECRET).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ['HTML', SECRET.replace(/&/g, '&amp;').replace(/"/g, '&quot;')],
  ])('replaces the secret %s', (_name, form) => {
    const out = redact(`before ${form} after`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(form);
    expect(out.startsWith('before ')).toBe(true);
  });

  it('finds a secret inside a longer base64 text at each of its three alignments', () => {
    for (const user of ['u', 'us', 'usr', 'user', 'users']) {
      for (const encode of [b64, b64url]) {
        const header = `Authorization: Basic ${encode(`${user}:${SECRET}`)}`;
        const out = redact(header);
        expect(out, header).toContain(REDACTED);
        // What is left of the encoded text is at most the user's part and one digit each side.
        const left = out.slice('Authorization: Basic '.length).replace(REDACTED, '').replace(/=+$/, '');
        expect(left.length, header).toBeLessThanOrEqual(Math.ceil(((user.length + 1) * 4) / 3) + 1);
      }
    }
    expect(redact(b64(`x${SECRET}trailing bytes`))).toContain(REDACTED);
  });

  it('leaves ordinary text, short secrets and near misses alone', () => {
    const text = 'hunter2 is not hunter22s twin; S3cret-Pa55 is half of it';
    expect(redact(text)).toBe(text.replace('hunter22', REDACTED));
    expect(redactor(['ab', '', 'x'])('ab x')).toBe('ab x');
    expect(redactor(['abc'])('xabcx')).toBe(`x${REDACTED}x`);
    expect(redactor([])('nothing')).toBe('nothing');
  });

  it('prefers the longer secret where one starts another', () => {
    expect(redactor(['token', 'token-with-more'])('a token-with-more b token')).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('treats secrets with RegExp characters as text', () => {
    const odd = 'a.b*c+d?(e)[f]{g}|h^i$j\\k/l';
    const r = redactor([odd]);
    expect(r(`<${odd}>`)).toBe(`<${REDACTED}>`);
    expect(r('a-b-c-d')).toBe('a-b-c-d');
    expect(r(JSON.stringify(odd))).toBe(`"${REDACTED}"`);
  });

  it('tells where the secrets are', () => {
    const text = `x ${SECRET} y ${b64('hunter22')}`;
    const spans = redact.spans!(text);
    expect(spans).toHaveLength(2);
    expect(text.slice(...spans[0])).toBe(SECRET);
    expect(redact.reach).toBeGreaterThanOrEqual(SECRET.length);
  });

  it('reads a large log once, whatever the number of secrets', () => {
    const secrets = Array.from({ length: 200 }, (_, i) => `${i.toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`);
    const many = redactor(secrets);
    const line = (i: number) => `2025-01-01T00:00:00.000Z step ${i} GET https://shop.example/api/items?page=${i} 200 ${b64(`item ${i}`)}`;
    const log = Array.from({ length: 50_000 }, (_, i) => line(i)).join('\n');
    const started = performance.now();
    const out = many(`${log}\n${secrets[7]}\n${b64(`me:${secrets[150]}`)}`);
    const ms = performance.now() - started;
    expect(out.startsWith(log)).toBe(true);
    expect(out.slice(log.length)).toMatch(new RegExp(`^\\n\\*{3}\\nbWU6\\*{3}[A-Za-z0-9+/]?=*$`));
    // About 5 MB: a few hundred milliseconds on a busy machine.
    expect(ms).toBeLessThan(3000);
  });
});

describe('redactDeep', () => {
  it('redacts every string of a value and keeps the rest', () => {
    const value = { a: [`x ${SECRET}`, 1, null, { b: b64(SECRET), c: true }] };
    expect(redactDeep(value, redactor([SECRET]))).toEqual({ a: [`x ${REDACTED}`, 1, null, { b: REDACTED, c: true }] });
  });
});

describe('isTextMediaType', () => {
  it.each(['text/plain', 'text/html; charset=utf-8', 'application/json', 'application/problem+json', 'image/svg+xml', 'application/xml', 'application/x-ndjson', 'application/x-www-form-urlencoded', 'application/vnd.api+json', 'TEXT/CSV'])('%s is text', (t) => {
    expect(isTextMediaType(t)).toBe(true);
  });
  it.each(['image/png', 'application/octet-stream', 'video/webm', 'application/zip', 'application/pdf', '', null, 'text'])('%s is not', (t) => {
    expect(isTextMediaType(t)).toBe(false);
  });
});
