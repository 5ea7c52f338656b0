import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Registers the relying party's redirect URIs (known once the product's server listens) and starts answering. */
  register(client: { redirectUris: string[]; postLogoutRedirectUris: string[] }): void;
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

  const claimsOf = (id: string): IdpAccount => opts.accounts?.[id] ?? { email: id, email_verified: true };
  const register: TestIdp['register'] = ({ redirectUris, postLogoutRedirectUris }) => {
    const configuration: Configuration = {
      clients: [{
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      cookies: { keys: ['cookie-key-of-the-test-provider'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      pkce: { required: () => true },
      ttl: { IdToken: () => idTokenTtl },
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...claimsOf(sub) }) }),
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
    setIdTokenTtl: (seconds) => { idTokenTtl = seconds; },
    setTokenDelay: (ms) => { tokenDelayMs = ms; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
