import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, scryptCost, verifyPassword } from './passwords.ts';

/** Made with the production cost (N = 16384), salt 16 bytes of 7. */
const PRODUCTION_HASH = 'scrypt$16384$8$1$BwcHBwcHBwcHBwcHBwcHBw==$jqNYMZJ6k8yP9UrEwEFdAphyQW3NDqRG8javhwKNA+2HzEmwOT+dTgXWYfP/sD7hRIn/+mnKTfr2qCQWWFbYVw==';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash without the password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(new RegExp(`^scrypt\\$${scryptCost()}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(hash).not.toContain('correct horse');
  });

  it('costs N = 16384 outside tests; a test run may lower it, to a power of two only', () => {
    expect(scryptCost({})).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'production', STEPWISE_TEST_SCRYPT_N: '1024' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'development', STEPWISE_TEST_SCRYPT_N: '1024' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test', STEPWISE_TEST_SCRYPT_N: '1024' })).toBe(1024);
    for (const bad of ['1000', '1', '0', '-1024', 'x', '']) expect(scryptCost({ NODE_ENV: 'test', STEPWISE_TEST_SCRYPT_N: bad })).toBe(16384);
  });

  it('verifies a hash made at the production cost', async () => {
    expect(await verifyPassword('correct horse battery', PRODUCTION_HASH)).toBe(true);
    expect(await verifyPassword('correct horse batterY', PRODUCTION_HASH)).toBe(false);
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
