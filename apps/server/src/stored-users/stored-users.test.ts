import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;

const PASSWORD = 'L0gin-Pa55-clear';
const KEY = 'JBSWY3DPEHPK3PXP';
const add = (user: TestUser, body: Record<string, unknown>) => user.api.post('mail/add-user', { project_id: projectId, ...body });
const users = (user: TestUser, query = '') => user.api.get(`mail/get-users?project_id=${projectId}${query}`);

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin);
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

describe('stored users', () => {
  it('adds a user: password and authenticator key sealed in the database, whitespace removed from the key', async () => {
    const res = await add(member, { username: ' ada ', password: ` ${PASSWORD} `, secretKey: 'JBSW Y3DP EHPK 3PXP' });
    expectOk(res);
    expect(res.body.user).toEqual({ username: 'ada', password: PASSWORD, secretKeyConfigured: true });
    const row = await server.ctx.db.selectFrom('stored_users').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.password_enc).not.toContain(PASSWORD);
    expect(row.secret_key_enc).not.toContain(KEY);
    const dump = await sql<{ row: string }>`select row_to_json(s)::text as row from stored_users s`.execute(server.ctx.db);
    expect(dump.rows.some((r) => r.row.includes(PASSWORD) || r.row.includes(KEY))).toBe(false);
    expect(server.ctx.secrets.decrypt(row.secret_key_enc!)).toBe(KEY);
  });

  it('refuses missing fields, a taken username and a key that is not base32', async () => {
    expectError(await add(member, { username: '  ', password: 'x' }), 400, 'Username is required');
    expectError(await add(member, { username: 'bob', password: ' ' }), 400, 'Password is required');
    expectError(await add(member, { username: 'ada', password: 'x' }), 409, WS_MSG.storedUserExists);
    expectError(await add(member, { username: 'bob', password: 'x', secretKey: 'not base32 !!' }), 400, WS_MSG.storedUserTotpError);
  });

  it('generates the current RFC 6238 code, the same as otpauth gives for the key', async () => {
    const res = await member.api.post('mail/generate-totp', { project_id: projectId, username: 'ada' });
    expectOk(res);
    expect(res.body.error).toBeNull();
    const totp = new TOTP({ secret: Secret.fromBase32(KEY) });
    const now = Date.now();
    expect([totp.generate({ timestamp: now - 30_000 }), totp.generate({ timestamp: now }), totp.generate()]).toContain(res.body.token);
    expect(res.body.token).toMatch(/^\d{6}$/);
  });

  it('accepts an otpauth:// URI as the key', async () => {
    const uri = `otpauth://totp/Shop:carol?secret=${KEY}&issuer=Shop&digits=8&period=30`;
    expectOk(await add(member, { username: 'carol', password: 'p', secretKey: uri }));
    const res = await member.api.post('mail/generate-totp', { project_id: projectId, username: 'carol' });
    expect(res.body.token).toMatch(/^\d{8}$/);
  });

  it('answers "Error adding authenticator" for a user without a key, 404 for an unknown user', async () => {
    expectOk(await add(admin, { username: 'bob', password: 'b0b' }));
    expectError(await member.api.post('mail/generate-totp', { project_id: projectId, username: 'bob' }), 400, WS_MSG.storedUserTotpError);
    expectError(await member.api.post('mail/generate-totp', { project_id: projectId, username: 'nobody' }), 404, WS_MSG.storedUserNotFound);
  });

  it('lists users with paging (5/10/25/50/100, default 10) and the total', async () => {
    for (let i = 0; i < 9; i++) expectOk(await add(admin, { username: `user${i}`, password: `pw${i}` }));
    const first = await users(member);
    expectOk(first);
    expect(first.body).toMatchObject({ total: 12, page: 0, limit: 10 });
    expect(first.body.users).toHaveLength(10);
    expect(first.body.users[0]).toEqual({ username: 'ada', password: PASSWORD, secretKeyConfigured: true });
    expect(first.body.users[2]).toEqual({ username: 'bob', password: 'b0b', secretKeyConfigured: false });
    const page2 = await users(member, '&page=2&limit=5');
    expect(page2.body.users.map((u: { username: string }) => u.username)).toEqual(['user7', 'user8']);
    for (const limit of [5, 25, 50, 100]) expectOk(await users(member, `&limit=${limit}`));
    expectError(await users(member, '&limit=7'), 400, /limit must be one of 5, 10, 25, 50, 100/);
    expectError(await users(member, '&page=-1'), 400);
  });

  it('updates a user, renaming it, keeping the key unless asked to clear it', async () => {
    const base = { project_id: projectId, prev_username: 'ada', username: 'ada.l', password: 'new-pass' };
    const res = await member.api.request('PUT', 'mail/update-user', base);
    expectOk(res);
    expect(res.body.user).toEqual({ username: 'ada.l', password: 'new-pass', secretKeyConfigured: true });
    expectOk(await member.api.post('mail/generate-totp', { project_id: projectId, username: 'ada.l' }));
    expectError(await member.api.request('PUT', 'mail/update-user', { ...base, prev_username: 'ada.l', username: 'bob' }), 409, WS_MSG.storedUserExists);
    expectError(await member.api.request('PUT', 'mail/update-user', { ...base, prev_username: 'ghost' }), 404, WS_MSG.storedUserNotFound);
    const cleared = await member.api.request('PUT', 'mail/update-user', { ...base, prev_username: 'ada.l', clearSecretKey: true });
    expect(cleared.body.user.secretKeyConfigured).toBe(false);
    const rekeyed = await member.api.request('PUT', 'mail/update-user', { ...base, prev_username: 'ada.l', secretKey: KEY });
    expect(rekeyed.body.user.secretKeyConfigured).toBe(true);
  });

  it('deletes a user; deleting again gives the spec message', async () => {
    expectOk(await member.api.delete('mail/delete-user', { project_id: projectId, username: 'bob' }));
    expectError(await member.api.delete('mail/delete-user', { project_id: projectId, username: 'bob' }), 404, WS_MSG.storedUserDeleteError);
    expect((await users(member)).body.total).toBe(11);
  });

  it('answers concurrent updates, renames and deletes of one user with 200, 404 or 409, never a failure', async () => {
    const put = (prev: string, username: string) => member.api.request('PUT', 'mail/update-user', { project_id: projectId, prev_username: prev, username, password: 'p' });
    for (let round = 0; round < 5; round++) {
      expectOk(await add(member, { username: 'race', password: PASSWORD }));
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => put('race', 'race')),
        put('race', 'race.2'),
        add(member, { username: 'race.2', password: PASSWORD }),
        put('race.2', 'race'),
        member.api.delete('mail/delete-user', { project_id: projectId, username: 'race' }),
        ...Array.from({ length: 6 }, () => put('race', 'race')),
      ]);
      for (const res of answers) expect([200, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      for (const name of ['race', 'race.2']) await member.api.delete('mail/delete-user', { project_id: projectId, username: name });
    }
  });

  it('is for members of the project only', async () => {
    expectError(await admin.api.withToken(null).get(`mail/get-users?project_id=${projectId}`), 401);
    expectError(await users(outsider), 403, MSG.forbidden);
    expectError(await add(outsider, { username: 'x', password: 'y' }), 403, MSG.forbidden);
    expectError(await outsider.api.post('mail/generate-totp', { project_id: projectId, username: 'ada.l' }), 403);
    expectError(await outsider.api.delete('mail/delete-user', { project_id: projectId, username: 'user1' }), 403);
    expectError(await outsider.api.request('PUT', 'mail/update-user', { project_id: projectId, prev_username: 'user1', username: 'u', password: 'p' }), 403);
    expectError(await admin.api.get('mail/get-users?project_id=missing'), 404, MSG.projectNotFound);
  });
});
