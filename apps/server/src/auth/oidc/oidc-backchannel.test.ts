import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, type JWTPayload } from 'jose';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';
import { CookieBrowser } from '../../test/cookie-browser.ts';
import { companySignIn, whoAmI } from '../../test/oidc-sign-in.ts';
import { BACKCHANNEL_LOGOUT_PATH } from './backchannel-logout.routes.ts';

// Back-channel logout: a real OpenID Connect provider (oidc-provider) posts logout tokens to the server
// when a person signs out there; tokens made by the test with the provider's key (or another) try the rules.
let idp: TestIdp;
let server: TestServer;

beforeAll(async () => {
  idp = await startTestIdp();
  server = await startTestServer({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret });
  idp.register({
    redirectUris: [`${server.baseUrl}/api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${server.baseUrl}/login`],
    backchannelLogoutUri: `${server.baseUrl}${BACKCHANNEL_LOGOUT_PATH}`,
  });
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

async function postLogout(body: string, contentType = 'application/x-www-form-urlencoded', on = server) {
  const res = await fetch(`${on.baseUrl}${BACKCHANNEL_LOGOUT_PATH}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: text ? JSON.parse(text) : null };
}
const logoutWith = async (claims: JWTPayload, opts?: { foreign?: boolean }) => postLogout(`logout_token=${await idp.logoutToken(claims, opts)}`);

/** Resolves once `browser`'s session is refused (the provider's request may come just after its page). */
async function signedOut(browser: CookieBrowser): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if ((await whoAmI(server, browser)).status === 401) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** The provider's session ids of an account's company sign-ins here, oldest first. */
async function sidsOf(email: string): Promise<string[]> {
  const rows = await server.ctx.db
    .selectFrom('oidc_sessions')
    .innerJoin('sessions', 'sessions.id', 'oidc_sessions.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('oidc_sessions.sid')
    .where('users.email', '=', email)
    .orderBy('sessions.created_at')
    .execute();
  return rows.map((r) => r.sid ?? '');
}

describe('back-channel logout (OpenID Connect)', () => {
  it('ends the sign-in here when its person signs out at the provider, and no other', async () => {
    const first = await companySignIn(idp, server, 'leaver@example.com');
    const second = await companySignIn(idp, server, 'leaver@example.com');
    expect((await whoAmI(server, first.browser)).status).toBe(200);
    const [sid] = await sidsOf('leaver@example.com');
    expect(sid).toBeTruthy();

    // Signing out at the provider in the first browser (no RP involved): the provider posts the logout token.
    const confirm = await first.browser.follow(`${idp.issuer}/session/end`);
    expect(confirm.res.status).toBe(200);
    await first.browser.submit(confirm, { logout: 'yes' });
    expect(await signedOut(first.browser)).toBe(true);
    // The other browser's sign-in is another session at the provider: it goes on.
    expect((await whoAmI(server, second.browser)).status).toBe(200);
  });

  it('ends every company sign-in of an account named by sub, or the one named by sid', async () => {
    const a = await companySignIn(idp, server, 'many@example.com');
    const b = await companySignIn(idp, server, 'many@example.com');
    const other = await companySignIn(idp, server, 'other@example.com');
    const out = await logoutWith({ sub: 'many@example.com' });
    expect(out).toEqual({ status: 200, cacheControl: 'no-store', body: null });
    expect((await whoAmI(server, a.browser)).status).toBe(401);
    expect((await whoAmI(server, b.browser)).status).toBe(401);
    expect((await whoAmI(server, other.browser)).status).toBe(200);

    const c = await companySignIn(idp, server, 'two@example.com');
    const d = await companySignIn(idp, server, 'two@example.com');
    const [sidOfC] = await sidsOf('two@example.com');
    expect((await logoutWith({ sid: sidOfC })).status).toBe(200);
    expect((await whoAmI(server, c.browser)).status).toBe(401);
    expect((await whoAmI(server, d.browser)).status).toBe(200);
    // A session id of someone else's sign-in, given with this account, ends nothing.
    const [sidOfOther] = await sidsOf('other@example.com');
    expect((await logoutWith({ sid: sidOfOther, sub: 'two@example.com' })).status).toBe(200);
    expect((await whoAmI(server, other.browser)).status).toBe(200);
    expect((await whoAmI(server, d.browser)).status).toBe(200);
    // A sign-in whose sid is not known (started before it was kept) ends with any sid of its account.
    await server.ctx.db.updateTable('oidc_sessions').set({ sid: null }).where('sid', '=', (await sidsOf('two@example.com'))[1]).execute();
    expect((await logoutWith({ sid: 'a-sid-of-another-sign-in', sub: 'two@example.com' })).status).toBe(200);
    expect((await whoAmI(server, d.browser)).status).toBe(401);
  });

  it('acts on a token once: sent again, it ends no sign-in made since', async () => {
    const before = await companySignIn(idp, server, 'again@example.com');
    const token = await idp.logoutToken({ sub: 'again@example.com' });
    expect((await postLogout(`logout_token=${token}`)).status).toBe(200);
    expect((await whoAmI(server, before.browser)).status).toBe(401);
    const after = await companySignIn(idp, server, 'again@example.com');
    // A provider's retry, or a replay within the token's ten minutes: answered, and nothing more ended.
    expect((await postLogout(`logout_token=${token}`)).status).toBe(200);
    expect((await whoAmI(server, after.browser)).status).toBe(200);
    // Another token of the same account does end it.
    expect((await logoutWith({ sub: 'again@example.com' })).status).toBe(200);
    expect((await whoAmI(server, after.browser)).status).toBe(401);
  });

  it('refuses a token that does not check out with 400 and the reason, and ends nothing', async () => {
    const kept = await companySignIn(idp, server, 'kept@example.com');
    const sub = 'kept@example.com';
    const refusals = [
      await logoutWith({ sub }, { foreign: true }),
      await logoutWith({ sub, aud: 'another-client' }),
      await logoutWith({ sub, iss: 'https://elsewhere.example' }),
      await logoutWith({ sub, iat: Math.floor(Date.now() / 1000) - 3600 }),
      await logoutWith({ sub, jti: undefined }),
      await logoutWith({ sub, events: undefined }),
      await logoutWith({ sub, events: { 'http://schemas.openid.net/event/something-else': {} } }),
      await logoutWith({ sub, nonce: 'n-0S6_WzA2Mj' }),
      await logoutWith({}),
      await postLogout('logout_token=not.a.jwt'),
      // Signed with the client's own secret (HS256) instead of a key of the provider.
      await postLogout(`logout_token=${await new SignJWT({ sub, jti: 'j1', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })
        .setProtectedHeader({ alg: 'HS256' }).setIssuer(idp.issuer).setAudience(idp.clientId).setIssuedAt().sign(new TextEncoder().encode(idp.clientSecret))}`),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(400);
      expect(r.cacheControl).toBe('no-store');
      expect(r.body).toMatchObject({ status: 'error', error: expect.any(String) });
    }
    expect(refusals[7].body.error).toContain('nonce');
    expect(refusals[1].body.error).toContain('"aud"');
    // A form without a token, and a token too long to be one.
    expect((await postLogout('')).status).toBe(400);
    expect((await postLogout(`logout_token=${'a'.repeat(20_000)}`)).status).toBe(400);
    expect((await whoAmI(server, kept.browser)).status).toBe(200);
  });

  it('answers 400 where company sign-in is not configured', async () => {
    const plain = await startTestServer();
    try {
      const r = await postLogout(`logout_token=${await idp.logoutToken({ sub: 'x' })}`, undefined, plain);
      expect(r).toMatchObject({ status: 400, body: { status: 'error', error: 'Company sign-in is not configured on this server' } });
    } finally {
      await plain.close();
    }
  });
});
