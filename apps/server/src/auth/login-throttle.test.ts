import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { signUpUser, type TestUser } from '../test/factories.ts';
import { accountDelayMs, BASE_DELAY_MS, MAX_DELAY_MS } from './login-throttle.ts';

let server: TestServer;
let nextIp = 1;
const newIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '5', TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

/** A sign-in from `ip` (the server trusts X-Forwarded-For here, as behind a proxy). */
async function signIn(base: string, ip: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/signin-without-iam`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { error: string | null };
  return { status: res.status, error: body.error, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}
const wrong = (user: TestUser, ip: string) => signIn(server.baseUrl, ip, user.email, 'not the password');
const right = (user: TestUser, ip: string) => signIn(server.baseUrl, ip, user.email, user.password);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in throttle', () => {
  it('checks at most LOGIN_MAX_FAILURES of 20 concurrent wrong passwords; the rest are refused as locked', async () => {
    const user = await signUpUser(server.baseUrl);
    const attacker = newIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrong(user, attacker)));
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBe(5);
    expect(refused.length).toBe(15);
    for (const a of checked) expect(a.error).toBe(MSG.invalidCredentials);
    for (const a of refused) expect(a.error).toBe(MSG.tooManyAttempts);

    // The 21st, with the right password from the same address: still refused, so never checked.
    const fromAttacker = await right(user, attacker);
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.error).toBe(MSG.tooManyAttempts);
    expect(fromAttacker.retryAfter).toBeGreaterThan(60);

    // The owner elsewhere waits at most the first short delay, then gets in.
    const owner = newIp();
    let mine = await right(user, owner);
    if (mine.status === 429) {
      expect(mine.retryAfter).toBeLessThanOrEqual(BASE_DELAY_MS / 1000);
      await sleep(mine.retryAfter * 1000);
      mine = await right(user, owner);
    }
    expect(mine.status).toBe(200);
    // Signing in clears the account's failures, not the attacker's lock.
    expect((await right(user, attacker)).status).toBe(429);
  });

  it('slows an account attacked from many addresses with a doubling delay, never locking out its owner', async () => {
    const user = await signUpUser(server.baseUrl);
    for (let i = 0; i < 5; i++) expect((await wrong(user, newIp())).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await wrong(user, newIp());
      expect(refused.status).toBe(429);
      expect(refused.error).toBe(MSG.tooManyAttempts);
      waits.push(refused.retryAfter);
      await sleep(refused.retryAfter * 1000 + 50);
      if (round < 2) expect((await wrong(user, newIp())).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // After the wait the owner's first try is taken: the right password gets in from any address.
    expect((await right(user, newIp())).status).toBe(200);
    expect((await right(user, newIp())).status).toBe(200);
  });

  it('doubles the account delay per failure past the limit, capped', () => {
    expect([4, 5, 6, 7, 8].map((n) => accountDelayMs(n, 5))).toEqual([0, BASE_DELAY_MS, 2 * BASE_DELAY_MS, 4 * BASE_DELAY_MS, 8 * BASE_DELAY_MS]);
    expect(accountDelayMs(40, 5)).toBe(MAX_DELAY_MS);
    expect(accountDelayMs(10_000, 5)).toBe(MAX_DELAY_MS);
  });

  it('still locks one address after ten times the limit over many accounts; others are not affected', async () => {
    const small = await startTestServer({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'true' });
    try {
      const users = await Promise.all(Array.from({ length: 11 }, () => signUpUser(small.baseUrl)));
      const shared = newIp();
      for (const user of users.slice(0, 10)) {
        for (let i = 0; i < 2; i++) expect((await signIn(small.baseUrl, shared, user.email, 'nope nope')).status).toBe(401);
      }
      const last = users[10];
      const locked = await signIn(small.baseUrl, shared, last.email, last.password);
      expect(locked.status).toBe(429);
      expect(locked.error).toBe(MSG.tooManyAttempts);
      expect((await signIn(small.baseUrl, newIp(), last.email, last.password)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('does not count right passwords against the address', async () => {
    const small = await startTestServer({ LOGIN_MAX_FAILURES: '1', TRUST_PROXY: 'true' });
    try {
      const user = await signUpUser(small.baseUrl);
      const office = newIp();
      for (let i = 0; i < 12; i++) expect((await signIn(small.baseUrl, office, user.email, user.password)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
