import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoredUserBody, StoredUserRefBody, StoredUsersQuery, UpdateStoredUserBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { StoredUsersService } from './stored-users.service.ts';

export const storedUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const users = new StoredUsersService(ctx);
  const ok = { status: 'success' as const };

  app.get('/mail/get-users', { schema: { querystring: StoredUsersQuery } }, async (req) => ({
    ...ok,
    ...(await users.list(authOf(req), req.query.project_id, req.query.page, req.query.limit)),
  }));
  app.post('/mail/add-user', { schema: { body: StoredUserBody } }, async (req) => ({
    ...ok,
    user: await users.add(authOf(req), req.body.project_id, req.body),
  }));
  app.put('/mail/update-user', { schema: { body: UpdateStoredUserBody } }, async (req) => ({
    ...ok,
    user: await users.update(authOf(req), req.body.project_id, req.body.prev_username, req.body, req.body.clearSecretKey),
  }));
  app.delete('/mail/delete-user', { schema: { body: StoredUserRefBody } }, async (req) => {
    await users.remove(authOf(req), req.body.project_id, req.body.username);
    return { ...ok, error: null };
  });
  app.post('/mail/generate-totp', { schema: { body: StoredUserRefBody } }, async (req) => ({
    ...ok,
    token: await users.totp(authOf(req), req.body.project_id, req.body.username),
    error: null,
  }));
};
