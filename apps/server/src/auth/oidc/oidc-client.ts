import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { verifyLogoutToken, type LogoutNames } from './logout-token.ts';

/** What the sign-in keeps between leaving for the provider and coming back (in a sealed cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** Path of the app to land on afterwards. */
  returnTo: string;
}

/** The verified outcome of a sign-in: the ID token's claims (completed from userinfo) and the token itself (for the sign-out hint). */
export interface OidcSignIn {
  claims: client.IDToken;
  idToken: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The relying party of company sign-in (openid-client): discovery of the provider's metadata (once, retried
 * after a failure), authorization code flow with PKCE (S256), state and nonce, and the ID token checked by
 * openid-client (signature against the provider's keys, issuer, audience, expiry, nonce).
 */
export class OidcClient {
  private readonly oidc: OidcConfig;
  private configuration: Promise<client.Configuration> | null = null;

  constructor(oidc: OidcConfig) {
    this.oidc = oidc;
  }

  get issuer(): string {
    return this.oidc.issuer;
  }

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const url = new URL(this.oidc.issuer);
      // Plain http only for a provider on this machine (development, tests).
      const insecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
      this.configuration = client
        .discovery(url, this.oidc.clientId, { [client.clockTolerance]: this.oidc.clockToleranceSeconds }, client.ClientSecretPost(this.oidc.clientSecret), {
          execute: insecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((err: unknown) => {
          this.configuration = null;
          throw err;
        });
    }
    return this.configuration;
  }

  /** The provider's authorization URL for a new sign-in, and what the callback will check. */
  async start(redirectUri: string, returnTo: string): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await this.discover();
    const flow: OidcFlow = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), returnTo };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url, flow };
  }

  /** Exchanges the callback's code; throws when the state, the code, the PKCE verifier or the ID token does not check out. */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcSignIn> {
    const config = await this.discover();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('The token response has no ID token');
    // Providers that keep the scopes' claims out of the ID token give them at the userinfo endpoint (the subject is checked).
    if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { claims: { ...info, ...claims }, idToken: tokens.id_token };
    }
    return { claims, idToken: tokens.id_token };
  }

  /** Who a back-channel logout token from the provider names; throws LogoutTokenRefused when it does not check out. */
  async logoutTokenNames(token: string): Promise<LogoutNames> {
    const meta = (await this.discover()).serverMetadata();
    return verifyLogoutToken(token, { issuer: meta.issuer, jwksUri: meta.jwks_uri, clientId: this.oidc.clientId, clockToleranceSeconds: this.oidc.clockToleranceSeconds });
  }

  /** The provider's end-session URL (RP-initiated logout), or null when it has none. */
  async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.discover();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
  }
}

const clients = new WeakMap<OidcConfig, OidcClient>();
/** One client per configuration (its discovery is shared by every request). */
export function oidcClientFor(oidc: OidcConfig): OidcClient {
  let found = clients.get(oidc);
  if (!found) {
    found = new OidcClient(oidc);
    clients.set(oidc, found);
  }
  return found;
}
