import type { Db } from '../db/database.ts';
import { clearCounters, uncountAttempt, withLockedCounters, type LoginCounter } from './login-failures.repository.ts';

/** The first wait of an account past its limit; each further failure doubles it, up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 1000;
export const MAX_DELAY_MS = 5 * 60_000;

export interface LoginThrottleLimits {
  /** Failures of one account from one address before that pair is locked for the window. */
  max: number;
  windowMs: number;
}

/** An attempt taken: the password may be checked, and the outcome reported with `succeeded`. */
export interface LoginClaim {
  allowed: true;
  keys: LoginKeys;
}
export interface LoginRefusal {
  allowed: false;
  retryAfterMs: number;
}

interface LoginKeys {
  pair: string;
  account: string;
  ip: string;
}

/**
 * Sign-in throttle, counted in the database so that every server instance sees the same counts.
 * Three counters: the account from one address (locked after `max` failures for the window: an
 * attacker's address, not the owner's), the address alone (locked after ten times that, as many
 * people may share it), and the account from anywhere (past `max` failures each attempt waits a
 * delay that doubles per failure, capped: many addresses slow an account down but never lock its
 * owner out). An attempt is counted as a failure before its password is checked, in one locked
 * transaction, so concurrent attempts cannot all pass the check; a right password gives it back.
 */
export class LoginThrottle {
  private readonly db: Db;
  private readonly limits: LoginThrottleLimits;
  constructor(db: Db, limits: LoginThrottleLimits) {
    this.db = db;
    this.limits = limits;
  }

  async claim(email: string, ip: string): Promise<LoginClaim | LoginRefusal> {
    const keys: LoginKeys = { pair: `pair:${ip}|${email}`, account: `account:${email}`, ip: `ip:${ip}` };
    return withLockedCounters(this.db, Object.values(keys), (counters) => decide(keys, counters, new Date(), this.limits));
  }

  async succeeded(claim: LoginClaim): Promise<void> {
    await clearCounters(this.db, [claim.keys.pair, claim.keys.account]);
    await uncountAttempt(this.db, claim.keys.ip);
  }
}

/** The account's wait after its `count`th failure (none up to the limit). */
export function accountDelayMs(count: number, max: number): number {
  if (count < max) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(count - max, 30));
}

function decide(
  keys: LoginKeys,
  counters: Map<string, LoginCounter>,
  now: Date,
  { max, windowMs }: LoginThrottleLimits,
): { result: LoginClaim | LoginRefusal; write: LoginCounter[] } {
  const current = (key: string): LoginCounter => {
    const c = counters.get(key);
    if (!c || c.window_start.getTime() + windowMs <= now.getTime()) return { key, count: 0, window_start: now, not_before: null };
    return c;
  };
  const pair = current(keys.pair);
  const ip = current(keys.ip);
  const account = current(keys.account);
  const windowEnd = (c: LoginCounter) => c.window_start.getTime() + windowMs - now.getTime();
  const refusals = [
    pair.count >= max ? windowEnd(pair) : 0,
    ip.count >= max * 10 ? windowEnd(ip) : 0,
    account.not_before ? account.not_before.getTime() - now.getTime() : 0,
  ].filter((ms) => ms > 0);
  if (refusals.length) return { result: { allowed: false, retryAfterMs: Math.max(...refusals) }, write: [] };
  const accountCount = account.count + 1;
  const delay = accountDelayMs(accountCount, max);
  return {
    result: { allowed: true, keys },
    write: [
      { ...pair, count: pair.count + 1 },
      { ...ip, count: ip.count + 1 },
      // The account's window runs from its last failure: it forgets them only after a quiet window.
      { ...account, count: accountCount, window_start: now, not_before: delay ? new Date(now.getTime() + delay) : null },
    ],
  };
}
