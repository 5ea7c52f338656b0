import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSecretKey, SecretBox } from './secret-box.ts';

const box = new SecretBox('a secret key that is long enough for tests');

describe('SecretBox', () => {
  it('decrypts what it encrypted, including non-ASCII and empty text', () => {
    for (const plain of ['ghp_token123', 'pässwörd ✓ 密码', '']) expect(box.decrypt(box.encrypt(plain))).toBe(plain);
  });

  it('never writes the plain text and uses a fresh IV each time', () => {
    const a = box.encrypt('ghp_token123');
    const b = box.encrypt('ghp_token123');
    expect(a).toMatch(/^v1:[^:]+:[^:]+:[^:]*$/);
    expect(a).not.toContain('ghp_token123');
    expect(a).not.toBe(b);
  });

  it('refuses a sealed value that was tampered with', () => {
    const [v, iv, tag, data] = box.encrypt('ghp_token123').split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => box.decrypt([v, iv, Buffer.alloc(16).toString('base64'), data].join(':'))).toThrow();
  });

  it('cannot be opened with another key', () => {
    expect(() => new SecretBox('another key entirely, also long').decrypt(box.encrypt('x'))).toThrow();
  });

  it('refuses values in an unknown format', () => {
    for (const sealed of ['', 'plain text', 'v2:a:b:c', 'v1:only-iv']) expect(() => box.decrypt(sealed)).toThrow('Unrecognised secret format');
  });
});

describe('resolveSecretKey', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-key-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uses the configured key when there is one and writes nothing', () => {
    const own = path.join(dir, 'configured');
    expect(resolveSecretKey(own, 'configured key of at least 32 chars!')).toBe('configured key of at least 32 chars!');
    expect(fs.existsSync(path.join(own, 'secret.key'))).toBe(false);
  });

  it('otherwise generates a key once into DATA_DIR/secret.key, readable by the owner only, and reuses it', () => {
    const first = resolveSecretKey(dir);
    expect(first.length).toBeGreaterThanOrEqual(43);
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(dir)).toBe(first);
    expect(new SecretBox(resolveSecretKey(dir)).decrypt(new SecretBox(first).encrypt('kept'))).toBe('kept');
  });
});
