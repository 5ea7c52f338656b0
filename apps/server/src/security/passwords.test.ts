import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash without the password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash: the same password gives different hashes that both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats Unicode forms of the same text as the same password (NFKC)', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$10$abc', 'scrypt$16384$8$1$$']) expect(await verifyPassword('x', stored)).toBe(false);
  });

  it('the dummy hash used for unknown accounts matches no password', async () => {
    for (const pw of ['', 'password', '\u0000']) expect(await verifyPassword(pw, DUMMY_HASH)).toBe(false);
  });
});
