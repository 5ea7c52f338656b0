import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { COOKIE_SESSION_HEADER, CSRF_HEADER, SESSION_COOKIES } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { CookieBrowser } from '../test/cookie-browser.ts';
import { createProject, signUpUser } from '../test/factories.ts';
import { CSRF_REFUSED } from '../http/auth-plugin.ts';
import { SOCKET_PATH } from '../realtime/realtime.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

const json = { 'content-type': 'application/json' };

/** A browser signed in through the sign-in call, as the web app does it (cookie only). */
async function signedInBrowser(headers: Record<string, string> = {}) {
  const user = await signUpUser(server.baseUrl);
  const browser = new CookieBrowser();
  const res = await browser.fetch(`${server.baseUrl}/api/auth/signin-without-iam`, {
    method: 'POST', headers: { ...json, [COOKIE_SESSION_HEADER]: '1', ...headers }, body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.res.status).toBe(200);
  const cookies = browser.cookies(server.baseUrl);
  return { user, browser, body: JSON.parse(res.text), session: cookies.get(SESSION_COOKIES.session)!, csrf: cookies.get(SESSION_COOKIES.csrf)! };
}

describe('cookie sessions', () => {
  it('keep the session in an HttpOnly, SameSite=Lax cookie and give the web app no token', async () => {
    const { body, session, csrf } = await signedInBrowser();
    expect(body.token).toBe('');
    expect(session.attributes).toContain('httponly');
    expect(session.attributes).toContain('samesite=lax');
    expect(session.attributes).toContain('path=/');
    expect(session.attributes).not.toContain('secure');
    expect(csrf.attributes).not.toContain('httponly');
    expect(csrf.value).not.toBe(session.value);
    // An API client without the header still gets its bearer token.
    const user = await signUpUser(server.baseUrl);
    expect(user.token.length).toBeGreaterThan(20);
  });

  it('are Secure when the request came over https', async () => {
    const { session, csrf } = await signedInBrowser({ 'x-forwarded-proto': 'https' });
    expect(session.attributes).toContain('secure');
    expect(csrf.attributes).toContain('secure');
  });

  it('authenticate reads; a write needs the CSRF token of the session', async () => {
    const { user, browser, csrf } = await signedInBrowser();
    const me = await browser.fetch(`${server.baseUrl}/api/auth/getNonIamUserByToken`);
    expect(JSON.parse(me.text).user.userId).toBe(user.userId);
    const create = (headers: Record<string, string>) =>
      browser.fetch(`${server.baseUrl}/api/auth/CreateProject`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ name: 'Cookie shop', url: 'https://shop.example.com' }) });
    const without = await create({});
    expect(without.res.status).toBe(403);
    expect(JSON.parse(without.text).error).toBe(CSRF_REFUSED);
    const other = await signedInBrowser();
    expect((await create({ [CSRF_HEADER]: other.csrf.value })).res.status).toBe(403);
    const ok = await create({ [CSRF_HEADER]: csrf.value });
    expect(ok.res.status).toBe(200);
    expect(JSON.parse(ok.text).project.name).toBe('Cookie shop');
  });

  it('a bearer token wins over a cookie and needs no CSRF token', async () => {
    const { browser } = await signedInBrowser();
    const api = await signUpUser(server.baseUrl);
    const res = await browser.fetch(`${server.baseUrl}/api/auth/getNonIamUserByToken`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(JSON.parse(res.text).user.userId).toBe(api.userId);
    const write = await browser.fetch(`${server.baseUrl}/api/auth/CreateProject`, { method: 'POST', headers: { ...json, authorization: `Bearer ${api.token}` }, body: JSON.stringify({ name: 'Bearer shop', url: 'https://shop.example.com' }) });
    expect(write.res.status).toBe(200);
  });

  it('logout ends the session and clears both cookies', async () => {
    const { browser, csrf, session } = await signedInBrowser();
    const out = await browser.fetch(`${server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { ...json, [CSRF_HEADER]: csrf.value }, body: '{}' });
    expect(JSON.parse(out.text)).toEqual({ status: 'success' });
    expect(browser.cookies(server.baseUrl).size).toBe(0);
    const replay = await fetch(`${server.baseUrl}/api/auth/getNonIamUserByToken`, { headers: { cookie: `${SESSION_COOKIES.session}=${session.value}` } });
    expect(replay.status).toBe(401);
  });

  it('authenticate sockets opened by pages of this origin only', async () => {
    const { user, session } = await signedInBrowser();
    const projectId = await createProject(user, { name: 'Socket shop' });
    const outcome = (origin: string) => new Promise<string>((resolve) => {
      const s = connect(server.baseUrl, {
        path: SOCKET_PATH, query: { projectId }, transports: ['websocket'], reconnection: false, forceNew: true,
        extraHeaders: { cookie: `${SESSION_COOKIES.session}=${session.value}`, origin },
      });
      s.once('connect', () => { s.disconnect(); resolve('connected'); });
      s.once('connect_error', (err) => { s.disconnect(); resolve(err.message); });
    });
    expect(await outcome(server.baseUrl)).toBe('connected');
    expect(await outcome('https://evil.example')).toBe('Unauthorized');
  });
});
