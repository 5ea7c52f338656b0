import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [user, other] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
});
afterAll(() => server.close());

const stepOf = async (u: TestUser) => (await u.api.get('auth/getNonIamUserByToken')).body.user.lastCompletedStep;

describe('onboarding progress', () => {
  it('starts at step 0 for a new user; GET and init both return it', async () => {
    const got = await user.api.get(`workspace/onboarding/${user.userId}`);
    expectOk(got);
    expect(got.body).toEqual({ status: 'success', userId: user.userId, lastCompletedStep: 0 });
    const init = await user.api.post('workspace/onboarding/init', { userId: user.userId });
    expect(init.body).toEqual({ status: 'success', userId: user.userId, lastCompletedStep: 0 });
  });

  it('PATCH progress stores the step, which GET and the user profile then show', async () => {
    const res = await user.api.patch('workspace/onboarding/progress', { userId: user.userId, lastCompletedStep: 1 });
    expectOk(res);
    expect(res.body.lastCompletedStep).toBe(1);
    expect((await user.api.get(`workspace/onboarding/${user.userId}`)).body.lastCompletedStep).toBe(1);
    expect(await stepOf(user)).toBe(1);
    expect((await user.api.post('workspace/onboarding/init', { userId: user.userId })).body.lastCompletedStep).toBe(1);
  });

  it('only touches your own userId: another user\'s gets 403 and stays unchanged', async () => {
    expectError(await other.api.get(`workspace/onboarding/${user.userId}`), 403);
    expectError(await other.api.post('workspace/onboarding/init', { userId: user.userId }), 403);
    expectError(await other.api.patch('workspace/onboarding/progress', { userId: user.userId, lastCompletedStep: 5 }), 403);
    expect(await stepOf(user)).toBe(1);
    expect(await stepOf(other)).toBe(0);
  });

  it('refuses steps that are not whole numbers from 0 to 10', async () => {
    for (const lastCompletedStep of [-1, 11, 1.5, '2', null]) {
      expectError(await user.api.patch('workspace/onboarding/progress', { userId: user.userId, lastCompletedStep }), 400, /lastCompletedStep/);
    }
    expect(await stepOf(user)).toBe(1);
  });

  it('needs a session', async () => {
    const anon = new ApiClient(server.baseUrl);
    expectError(await anon.get(`workspace/onboarding/${user.userId}`), 401);
    expectError(await anon.patch('workspace/onboarding/progress', { userId: user.userId, lastCompletedStep: 3 }), 401);
  });
});
