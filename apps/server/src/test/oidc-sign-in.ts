import { expect } from 'vitest';
import { SESSION_COOKIES } from '@stepwise/shared';
import type { TestServer } from './test-server.ts';
import type { TestIdp } from './oidc-idp.ts';
import { CookieBrowser } from './cookie-browser.ts';

// Company sign-in driven over HTTP (CookieBrowser) through the test identity provider (oidc-idp.ts).

/** Signs in at the provider as `login` and stops before the browser comes back to the callback; returns that address. */
export async function throughProvider(idp: TestIdp, browser: CookieBrowser, on: TestServer, login: string, callbackUrl = '/p1/dashboard'): Promise<string> {
  const isCallback = (next: string) => next.startsWith(`${on.baseUrl}/api/auth/oidc/callback`);
  const loginPage = await browser.follow(`${on.baseUrl}/api/auth/oidc/start?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  expect(loginPage.url.startsWith(idp.issuer)).toBe(true);
  let step = await browser.submit(loginPage, { prompt: 'login', login, password: 'not checked' }, isCallback);
  if (!step.next) step = await browser.submit(step, { prompt: 'consent' }, isCallback);
  expect(step.next).toBeDefined();
  const callback = new URL(step.next!);
  expect(callback.searchParams.get('state')).toBeTruthy();
  return callback.href;
}

export async function companySignIn(idp: TestIdp, on: TestServer, login: string, browser = new CookieBrowser()) {
  const callback = await browser.fetch(await throughProvider(idp, browser, on, login));
  return { browser, callback, location: callback.res.headers.get('location') ?? '' };
}

export async function whoAmI(on: TestServer, browser: CookieBrowser) {
  const me = await browser.fetch(`${on.baseUrl}/api/auth/getNonIamUserByToken`);
  return { status: me.res.status, body: JSON.parse(me.text) };
}

export const sessionCookie = (on: TestServer, browser: CookieBrowser) => browser.cookies(on.baseUrl).get(SESSION_COOKIES.session);
