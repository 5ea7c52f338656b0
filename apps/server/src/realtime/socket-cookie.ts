import { fastifyCookie } from '@fastify/cookie';
import type { Socket } from 'socket.io';
import { SESSION_COOKIES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';

/**
 * The session token of a socket's session cookie (the web app's sockets carry no token of their own).
 * The cookie only counts when the page opening the socket is of this server's origin (PUBLIC_URL, else
 * the Host the socket came to): a page of another site cannot use a visitor's cookie to listen in.
 */
export function socketCookieToken(ctx: AppContext, handshake: Socket['handshake']): string | null {
  const raw = handshake.headers.cookie;
  if (!raw) return null;
  const origin = handshake.headers.origin;
  if (origin) {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return null;
    }
    const expected = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).host : handshake.headers.host;
    if (host !== expected) return null;
  }
  return fastifyCookie.parse(raw)[SESSION_COOKIES.session] || null;
}
