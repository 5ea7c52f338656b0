import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, 2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token issued longer ago than this is refused (its `iat`). */
const MAX_AGE = '10 minutes';
/** Signatures by a key pair only: `none` and shared secrets (HS*) are refused whatever the token's header says. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** A logout token that does not check out: the provider gets 400 with this description. */
export class LogoutTokenRefused extends Error {}

/** Who a logout token names: the provider's session of a sign-in (`sid`), the account (`sub`), or both; and the token's `jti`. */
export interface LogoutNames {
  sid: string | null;
  sub: string | null;
  jti: string;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

/** The provider's signing keys from its `jwks_uri`, fetched when first needed and again for a key id not seen yet (jose). */
function keysAt(jwksUri: string): KeySet {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/**
 * Validates a logout token as the specification asks (2.6): a JWT signed with one of the provider's
 * keys (never `none`, never a shared secret), from the provider's issuer, for our client id, issued
 * within the last ten minutes, with a `jti`, the back-channel logout event, a `sub` or a `sid`, and no
 * `nonce` (which would make it an ID token). A replay is recognised by its `jti` by the caller.
 */
export async function verifyLogoutToken(
  token: string,
  provider: { issuer: string; jwksUri: string | undefined; clientId: string; clockToleranceSeconds: number },
): Promise<LogoutNames> {
  if (!provider.jwksUri) throw new LogoutTokenRefused('The identity provider publishes no signing keys');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keysAt(provider.jwksUri), {
      algorithms: ALGORITHMS,
      issuer: provider.issuer,
      audience: provider.clientId,
      maxTokenAge: MAX_AGE,
      clockTolerance: provider.clockToleranceSeconds,
      requiredClaims: ['iat', 'jti'],
    }));
  } catch (err) {
    throw new LogoutTokenRefused(`The logout token does not check out: ${(err as Error).message}`);
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events && typeof events === 'object' ? events[LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object') throw new LogoutTokenRefused('The logout token carries no back-channel logout event');
  if ('nonce' in payload) throw new LogoutTokenRefused('A logout token must not carry a nonce');
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : null;
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
  if (!sid && !sub) throw new LogoutTokenRefused('The logout token names neither a session (sid) nor an account (sub)');
  if (typeof payload.jti !== 'string' || !payload.jti) throw new LogoutTokenRefused('The logout token has no jti');
  return { sid, sub, jti: payload.jti };
}
