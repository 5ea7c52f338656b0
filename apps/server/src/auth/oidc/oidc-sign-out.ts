import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findOidcSession } from './identities.repository.ts';
import { oidcClientFor } from './oidc-client.ts';
import { publicOrigin } from './public-origin.ts';

/**
 * RP-initiated logout: for a session started by company sign-in, the provider's end-session URL (with the
 * sign-in's ID token as hint) the browser goes to after our own session is ended; the provider sends it
 * back to /login. Null for other sessions, or when the provider cannot be reached (our session still ends).
 */
export async function companySignOutUrl(ctx: AppContext, request: FastifyRequest, sessionId: string): Promise<string | null> {
  const oidc = ctx.config.oidc;
  if (!oidc) return null;
  const row = await findOidcSession(ctx.db, sessionId);
  if (!row || row.issuer !== oidc.issuer) return null;
  try {
    return await oidcClientFor(oidc).endSessionUrl(ctx.secrets.decrypt(row.id_token_sealed), `${publicOrigin(ctx, request)}/login`);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'identity provider sign-out address unavailable');
    return null;
  }
}
