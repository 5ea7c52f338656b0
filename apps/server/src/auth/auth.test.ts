import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { signUpUser } from '../test/factories.ts';

let server: TestServer;
let anon: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '3' });
  anon = new ApiClient(server.baseUrl);
});
afterAll(() => server.close());

describe('sign-up and sign-in without identity provider', () => {
  it('signs up, returns a token that identifies the user, and stores only a hash of the password', async () => {
    const res = await anon.post('auth/signup-without-iam', { email: 'Ada@Example.com ', password: 'longenough', firstname: 'Ada', lastname: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', error: null, isNewUser: true, project: null });
    expect(res.body.user).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', name: 'Ada Lovelace' });
    expect(res.body.user.customAttributes.allowedProjectsCount).toBe(10000);
    const me = await anon.withToken(res.body.token).get('auth/getNonIamUserByToken');
    expect(me.status).toBe(200);
    expect(me.body.user.userId).toBe(res.body.user.userId);
    const row = await server.ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('longenough');
    const session = await server.ctx.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(res.body.token);
  });

  it('refuses a duplicate e-mail, empty fields and short passwords with the spec messages', async () => {
    await signUpUser(server.baseUrl, { email: 'dup@example.com' });
    const dup = await anon.post('auth/signup-without-iam', { email: 'DUP@example.com', password: 'longenough', firstname: 'A', lastname: 'B' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(MSG.emailTaken);
    const empty = await anon.post('auth/signup-without-iam', { email: '', password: '', firstname: '', lastname: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MSG.fillAllFields);
    const missing = await anon.post('auth/signup-without-iam', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(MSG.fillAllFields);
    const short = await anon.post('auth/signup-without-iam', { email: 's@example.com', password: 'short', firstname: 'A', lastname: 'B' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(MSG.passwordTooShort);
  });

  it('signs in with the right password only', async () => {
    const user = await signUpUser(server.baseUrl);
    const ok = await anon.post('auth/signin-without-iam', { email: user.email.toUpperCase(), password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'success', isNewUser: true });
    expect(typeof ok.body.token).toBe('string');
    const bad = await anon.post('auth/signin-without-iam', { email: user.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe(MSG.invalidCredentials);
    const empty = await anon.post('auth/signin-without-iam', { email: user.email, password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MSG.fillAllFields);
  });

  it('locks an account after repeated failures, even with the right password', async () => {
    const user = await signUpUser(server.baseUrl);
    for (let i = 0; i < 3; i++) {
      const r = await anon.post('auth/signin-without-iam', { email: user.email, password: 'nope nope' });
      expect(r.status).toBe(401);
    }
    const locked = await anon.post('auth/signin-without-iam', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(MSG.tooManyAttempts);
  });

  it('logout revokes the token; unknown and expired tokens get 401', async () => {
    const user = await signUpUser(server.baseUrl);
    expect((await user.api.post('auth/logout')).status).toBe(200);
    const after = await user.api.get('auth/getNonIamUserByToken');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(MSG.sessionExpired);
    expect((await anon.withToken('made-up').get('auth/getProjects')).status).toBe(401);
    expect((await anon.get('auth/getProjects')).status).toBe(401);
    const other = await signUpUser(server.baseUrl);
    await server.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', other.userId).execute();
    expect((await other.api.get('auth/getNonIamUserByToken')).status).toBe(401);
  });
});
