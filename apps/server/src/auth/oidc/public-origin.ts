import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The origin users reach this server at: PUBLIC_URL, else the request's own (behind TRUST_PROXY, the forwarded one). */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.publicUrl) return new URL(ctx.config.publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

export const CALLBACK_PATH = '/api/auth/oidc/callback';
