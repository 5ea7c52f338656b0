import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost: N = 2^14 (about 40 ms of CPU a hash on the reference machine). Under test only
 * (NODE_ENV=test), STEPWISE_TEST_SCRYPT_N may lower it: most test files sign up and log in users of
 * their own. Stored hashes carry their own N, so either verifies.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.STEPWISE_TEST_SCRYPT_N);
  return env.NODE_ENV === 'test' && Number.isInteger(asked) && asked >= 2 && (asked & (asked - 1)) === 0 ? asked : 16384;
}

const PARAMS = { N: scryptCost(), r: 8, p: 1, keylen: 64 };

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt hash in the form `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, hashB64] = stored.split('$');
  if (algo !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A fixed hash used to spend the same time when the account does not exist. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(64).toString('base64');
