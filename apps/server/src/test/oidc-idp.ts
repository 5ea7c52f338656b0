import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** What the identity provider says of an account: e-mail, whether it is verified, name. */
export interface IdpAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface IdpOptions {
  /** Claims of an account by the login typed on the provider's sign-in form; default: the login as a verified e-mail. */
  accounts?: Record<string, IdpAccount>;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Registers the relying party's redirect URIs (known once the product's server listens) and, to have the
   * provider post logout tokens when a person signs out there, its back-channel logout URI; starts answering.
   */
  register(client: { redirectUris: string[]; postLogoutRedirectUris: string[]; backchannelLogoutUri?: string }): void;
  /**
   * A logout token as the provider signs them (issuer, audience, issued now, a jti and the logout event
   * unless `claims` says otherwise; an `undefined` claim is left out); `foreign`: signed with a key that is
   * not the provider's (under the provider's key id).
   */
  logoutToken(claims: JWTPayload, opts?: { foreign?: boolean }): Promise<string>;
  /** ID tokens issued from now on expire after this many seconds (default 3600). */
  setIdTokenTtl(seconds: number): void;
  /** Token responses wait this long before they leave (a slow provider or network). */
  setTokenDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free port of 127.0.0.1, with its built-in sign-in
 * and consent pages: any login signs in (the password is not checked), the login being the account id.
 */
export async function startTestIdp(opts: IdpOptions = {}): Promise<TestIdp> {
  let handler: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end('identity provider not configured yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'stepwise';
  const clientSecret = 'a-client-secret-of-the-test-provider-0123456789';
  let idTokenTtl = 3600;
  let tokenDelayMs = 0;

  // The provider's signing key, known to the test so that it can make logout tokens of its own.
  const KID = 'test-provider-key';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const { privateKey: foreignKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' }] };

  const claimsOf = (id: string): IdpAccount => opts.accounts?.[id] ?? { email: id, email_verified: true };
  const register: TestIdp['register'] = ({ redirectUris, postLogoutRedirectUris, backchannelLogoutUri }) => {
    const configuration: Configuration = {
      clients: [{
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        ...(backchannelLogoutUri ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      }],
      jwks,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      cookies: { keys: ['cookie-key-of-the-test-provider'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true }, backchannelLogout: { enabled: true } },
      pkce: { required: () => true },
      ttl: { IdToken: () => idTokenTtl },
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...claimsOf(sub) }) }),
      // The relying party listens on 127.0.0.1, which the provider's own guard against server-side request forgery refuses.
      fetch: (url, init) => fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    };
    const provider = new Provider(issuer, configuration);
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === '/token' && tokenDelayMs > 0) await new Promise((r) => setTimeout(r, tokenDelayMs));
    });
    handler = provider.callback();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    register,
    logoutToken: (claims, { foreign = false } = {}) => {
      const all: JWTPayload = { iss: issuer, aud: clientId, iat: Math.floor(Date.now() / 1000), jti: randomUUID(), events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, ...claims };
      for (const key of Object.keys(all)) if (all[key] === undefined) delete all[key];
      return new SignJWT(all).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'logout+jwt' }).sign(foreign ? foreignKey : privateKey);
    },
    setIdTokenTtl: (seconds) => { idTokenTtl = seconds; },
    setTokenDelay: (ms) => { tokenDelayMs = ms; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
