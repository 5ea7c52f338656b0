import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIES } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';
import { CookieBrowser } from '../../test/cookie-browser.ts';
import { companySignIn, sessionCookie, throughProvider, whoAmI } from '../../test/oidc-sign-in.ts';
import { signUpUser } from '../../test/factories.ts';

// A real OpenID Connect provider (oidc-provider) in this process, its own sign-in and consent pages driven over HTTP.
let idp: TestIdp;
let server: TestServer;
/** Company-only: SIGNUP_ENABLED=false, one allowed domain, no clock tolerance. */
let strict: TestServer;

beforeAll(async () => {
  idp = await startTestIdp({
    accounts: {
      'unverified-sub': { email: 'taken@example.com', email_verified: false },
      'verified-sub': { email: 'Linked@Example.com', email_verified: true, given_name: 'Lin', family_name: 'Ked' },
      'no-email-sub': {},
    },
  });
  const env = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
  server = await startTestServer(env);
  strict = await startTestServer({ ...env, SIGNUP_ENABLED: 'false', OIDC_ALLOWED_DOMAINS: 'company.example', OIDC_CLOCK_TOLERANCE_SECONDS: '0' });
  idp.register({
    redirectUris: [server, strict].map((s) => `${s.baseUrl}/api/auth/oidc/callback`),
    postLogoutRedirectUris: [server, strict].map((s) => `${s.baseUrl}/login`),
  });
});
afterAll(async () => {
  await server?.close();
  await strict?.close();
  await idp?.close();
});

describe('company sign-in (OpenID Connect)', () => {
  it('tells the web app that company sign-in is offered', async () => {
    const res = await fetch(`${server.baseUrl}/api/config`);
    expect(await res.json()).toMatchObject({ companySignIn: true, signupEnabled: true });
  });

  it('creates the account just in time, without a password, and starts a cookie session', async () => {
    const { browser, callback, location } = await companySignIn(idp, server, 'new.person@example.com');
    expect(callback.res.status).toBe(303);
    expect(location).toBe('/p1/dashboard');
    const cookie = sessionCookie(server, browser);
    expect(cookie?.attributes).toContain('httponly');
    expect(cookie?.attributes).toContain('samesite=lax');
    const me = await whoAmI(server, browser);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('new.person@example.com');
    const row = await server.ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', 'new.person@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toBe('');
    const signIn = await fetch(`${server.baseUrl}/api/auth/signin-without-iam`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'new.person@example.com', password: '' }) });
    expect(signIn.status).toBe(400);

    // The same identity signs in again as the same user.
    const again = await companySignIn(idp, server, 'new.person@example.com');
    expect((await whoAmI(server, again.browser)).body.user.userId).toBe(row.id);
    expect(await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'new.person@example.com').execute()).toHaveLength(1);
  });

  it('links an existing account when the provider says the e-mail is verified', async () => {
    const existing = await signUpUser(server.baseUrl, { email: 'linked@example.com' });
    const { browser, location } = await companySignIn(idp, server, 'verified-sub');
    expect(location).toBe('/p1/dashboard');
    expect((await whoAmI(server, browser)).body.user.userId).toBe(existing.userId);
    const identity = await server.ctx.db.selectFrom('user_identities').selectAll().where('subject', '=', 'verified-sub').executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: idp.issuer, user_id: existing.userId, email: 'linked@example.com' });
  });

  it('refuses to link an existing account when the e-mail is not verified', async () => {
    const existing = await signUpUser(server.baseUrl, { email: 'taken@example.com' });
    const { browser, callback, location } = await companySignIn(idp, server, 'unverified-sub');
    expect(callback.res.status).toBe(303);
    expect(location).toBe('/login?ssoError=emailNotVerified');
    expect(sessionCookie(server, browser)).toBeUndefined();
    expect(await server.ctx.db.selectFrom('user_identities').selectAll().where('user_id', '=', existing.userId).execute()).toHaveLength(0);
    expect((await companySignIn(idp, server, 'no-email-sub')).location).toBe('/login?ssoError=noEmail');
  });

  it('refuses a callback whose state is not the one the sign-in started with', async () => {
    const browser = new CookieBrowser();
    const callback = new URL(await throughProvider(idp, browser, server, 'state@example.com'));
    callback.searchParams.set('state', 'a-state-of-someone-else');
    const res = await browser.fetch(callback.href);
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get('location')).toBe('/login?ssoError=invalidResponse');
    expect(sessionCookie(server, browser)).toBeUndefined();
    expect(await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'state@example.com').execute()).toHaveLength(0);

    // A callback in a browser that never started the sign-in (no flow cookie) is refused too.
    const elsewhere = await new CookieBrowser().fetch(await throughProvider(idp, new CookieBrowser(), server, 'state@example.com'));
    expect(elsewhere.res.headers.get('location')).toBe('/login?ssoError=flowExpired');

    // A callback without code or state, in the browser that started the sign-in.
    const started = new CookieBrowser();
    await throughProvider(idp, started, server, 'state@example.com');
    const bare = await started.fetch(`${server.baseUrl}/api/auth/oidc/callback`);
    expect(bare.res.headers.get('location')).toBe('/login?ssoError=invalidResponse');
    // The provider's own refusal (the user cancelled there) is told apart.
    const cancelled = new CookieBrowser();
    await throughProvider(idp, cancelled, server, 'state@example.com');
    const denied = await cancelled.fetch(`${server.baseUrl}/api/auth/oidc/callback?error=access_denied&state=x`);
    expect(denied.res.headers.get('location')).toBe('/login?ssoError=refused');
  });

  it('refuses an expired ID token', async () => {
    idp.setIdTokenTtl(1);
    idp.setTokenDelay(2100);
    try {
      const { browser, location } = await companySignIn(idp, strict, 'late@company.example');
      expect(location).toBe('/login?ssoError=invalidResponse');
      expect(sessionCookie(strict, browser)).toBeUndefined();
    } finally {
      idp.setIdTokenTtl(3600);
      idp.setTokenDelay(0);
    }
    // The same sign-in with a fresh token goes through.
    expect((await companySignIn(idp, strict, 'late@company.example')).location).toBe('/p1/dashboard');
  });

  it('lets only the allowed domains in, and creates company accounts while sign-up is off', async () => {
    const signUp = await fetch(`${strict.baseUrl}/api/auth/signup-without-iam`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@company.example', password: 'long enough', firstname: 'X', lastname: 'Y' }),
    });
    expect(signUp.status).toBe(403);
    expect((await companySignIn(idp, strict, 'outsider@elsewhere.example')).location).toBe('/login?ssoError=domainNotAllowed');
    const inside = await companySignIn(idp, strict, 'employee@company.example');
    expect(inside.location).toBe('/p1/dashboard');
    expect((await whoAmI(strict, inside.browser)).body.user.email).toBe('employee@company.example');
  });

  it('signs out at the provider too (RP-initiated logout) after ending our session', async () => {
    const { browser } = await companySignIn(idp, server, 'leaving@example.com');
    const csrf = browser.cookies(server.baseUrl).get(SESSION_COOKIES.csrf)!.value;
    const out = await browser.fetch(`${server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { [CSRF_HEADER]: csrf, 'content-type': 'application/json' }, body: '{}' });
    expect(out.res.status).toBe(200);
    const logoutUrl = new URL(JSON.parse(out.text).logoutUrl);
    expect(logoutUrl.href.startsWith(`${idp.issuer}/session/end`)).toBe(true);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/login`);
    expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
    expect(sessionCookie(server, browser)).toBeUndefined();
    expect((await whoAmI(server, browser)).status).toBe(401);

    const confirm = await browser.follow(logoutUrl.href);
    expect(confirm.res.status).toBe(200);
    const back = await browser.submit(confirm, { logout: 'yes' }, (next) => next.startsWith(server.baseUrl));
    expect(back.next).toBe(`${server.baseUrl}/login`);
    // The provider has forgotten the sign-in: a new company sign-in asks for the login again.
    const loginPage = await browser.follow(`${server.baseUrl}/api/auth/oidc/start`);
    expect(loginPage.text).toContain('name="login"');
  });
});
