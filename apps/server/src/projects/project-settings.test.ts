import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, NPMRC_MASK } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { maskNpmrc, mergeNpmrc, npmrcSecrets } from './npmrc.ts';

/**
 * Who may change a project's .npmrc and weekly mail recipients (admins), and what members and
 * access keys are shown of the .npmrc (its credentials masked).
 */
let server: TestServer;
let admin: TestUser;
let member: TestUser;
let projectId: string;

const TOKEN = 'npm_Tok3nValue9xYz';
const PASSWORD = 'pa55:w0rd@x';
const NPMRC = [
  '# team registry',
  '@acme:registry=https://npm.acme.example/',
  `//npm.acme.example/:_authToken=${TOKEN}`,
  `//legacy.example/:_auth = "${Buffer.from(`ci:${PASSWORD}`).toString('base64')}"`,
  `registry=https://ci:${encodeURIComponent(PASSWORD)}@mirror.example/npm/`,
  '//env.example/:_authToken=${NPM_TOKEN}',
  'always-auth=true',
].join('\n');

const storedNpmrc = async (id: string) => {
  const row = await server.ctx.db.selectFrom('projects').select('npmrc').where('id', '=', id).executeTakeFirstOrThrow();
  return row.npmrc ? server.ctx.secrets.decrypt(row.npmrc) : '';
};
const shownNpmrc = async (user: TestUser, id: string) => (await user.api.get(`auth/getProject?project_id=${id}`)).body.project.npmrc_TextContent as string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Settings shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

describe('.npmrc', () => {
  it('is changed by admins only', async () => {
    expectOk(await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: NPMRC }));
    expectError(await member.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: 'registry=https://evil.example/' }), 403, MSG.adminOnly);
    expect(await storedNpmrc(projectId)).toBe(NPMRC);
  });

  it('is shown to members, admins and access keys with its credentials masked, the rest readable', async () => {
    const key = await createAccessKey(admin, projectId);
    const asKey = admin.api.withToken(key.token);
    const shown = [await shownNpmrc(admin, projectId), await shownNpmrc(member, projectId)];
    const listed = (await asKey.get('auth/getProjects')).body.projects.find((p: { id: string }) => p.id === projectId).npmrc_TextContent;
    for (const text of [...shown, listed]) {
      expect(text).toBe(
        [
          '# team registry',
          '@acme:registry=https://npm.acme.example/',
          `//npm.acme.example/:_authToken=${NPMRC_MASK}`,
          `//legacy.example/:_auth = "${NPMRC_MASK}"`,
          `registry=https://ci:${NPMRC_MASK}@mirror.example/npm/`,
          '//env.example/:_authToken=${NPM_TOKEN}',
          'always-auth=true',
        ].join('\n'),
      );
      expect(text).not.toContain(TOKEN);
    }
  });

  it('keeps the stored credentials where the masked text comes back, and takes new ones', async () => {
    const shown = await shownNpmrc(admin, projectId);
    const edited = `${shown.replace('always-auth=true', 'always-auth=false')}\n//new.example/:_authToken=fresh-token-1`;
    expectOk(await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: edited }));
    expect(await storedNpmrc(projectId)).toBe(`${NPMRC.replace('always-auth=true', 'always-auth=false')}\n//new.example/:_authToken=fresh-token-1`);

    // A line changed around its mask (another user in the URL) has no stored value to keep: refused, nothing stored.
    const before = await storedNpmrc(projectId);
    const changed = shown.replace(`https://ci:${NPMRC_MASK}`, `https://bot:${NPMRC_MASK}`);
    expectError(await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: changed }), 400, /Line 5 of the .npmrc/);
    expect(await storedNpmrc(projectId)).toBe(before);

    // A line removed is removed with its credential.
    const withoutToken = shown.split('\n').filter((l) => !l.includes('_authToken=********')).join('\n');
    expectOk(await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: withoutToken }));
    expect(await storedNpmrc(projectId)).not.toContain(TOKEN);
  });

  it('gives the command-line client and the runner the stored text, unmasked', async () => {
    const fresh = await createProject(admin, { name: 'CLI npmrc', demo: true });
    expectOk(await admin.api.post('auth/update-npmrc', { project_id: fresh, npmrc_TextContent: NPMRC }));
    const key = await createAccessKey(admin, fresh);
    const res = await admin.api.withToken(key.token).post('cli/run-context', { projectId: fresh, branch: 'main' });
    expectOk(res);
    expect(res.body.npmrc).toBe(NPMRC);
    expect(res.body.redactions).toEqual(expect.arrayContaining([TOKEN, PASSWORD, encodeURIComponent(PASSWORD)]));
  });
});

describe('npmrc text rules', () => {
  it('masks token, password, auth and key values, keeps the rest and environment references', () => {
    expect(maskNpmrc('email=me@example.com\n; comment token=abc\n//r/:username=ci\n//r/:_password=cGFzcw==\nkey="-----BEGIN KEY-----"')).toBe(
      `email=me@example.com\n; comment token=abc\n//r/:username=ci\n//r/:_password=${NPMRC_MASK}\nkey="${NPMRC_MASK}"`,
    );
    expect(maskNpmrc(maskNpmrc(NPMRC))).toBe(maskNpmrc(NPMRC));
  });

  it('reads the credentials an .npmrc holds, decoded where npm encodes them', () => {
    expect(npmrcSecrets(NPMRC)).toEqual(expect.arrayContaining([TOKEN, `ci:${PASSWORD}`, PASSWORD, Buffer.from(`ci:${PASSWORD}`).toString('base64')]));
    expect(npmrcSecrets(NPMRC)).not.toContain('${NPM_TOKEN}');
  });

  it('merges by line: a masked line stands for the stored line it masks', () => {
    const stored = 'a=1\n//x/:_authToken=one\n//y/:_authToken=two';
    expect(mergeNpmrc(`//y/:_authToken=${NPMRC_MASK}\na=2\n//x/:_authToken=${NPMRC_MASK}`, stored)).toBe('//y/:_authToken=two\na=2\n//x/:_authToken=one');
    expect(() => mergeNpmrc(`//z/:_authToken=${NPMRC_MASK}`, stored)).toThrow(/Line 1/);
  });
});

describe('weekly mail recipients', () => {
  const info = (extra: Record<string, unknown>) => ({ project_id: projectId, dashboardPersonalizationInfo: { hourlyRateForTestEngineer: 50, ...extra } });
  const saved = async () => (await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${projectId}`)).body.dashboardPersonalizationInfo;

  it('are changed by admins only; a member saves the value metrics and keeps the recipients', async () => {
    expectOk(await admin.api.post('auth/updateDashboardPersonalizationInfo', info({ weeklyEmailUpdatesTo: 'qa@example.com, cto@example.com' })));
    expectError(await member.api.post('auth/updateDashboardPersonalizationInfo', info({ weeklyEmailUpdatesTo: 'me@evil.example' })), 403, MSG.adminOnly);
    expectError(await member.api.post('auth/updateDashboardPersonalizationInfo', info({ weeklyEmailUpdatesTo: '' })), 403, MSG.adminOnly);
    expect((await saved()).weeklyEmailUpdatesTo).toBe('qa@example.com, cto@example.com');

    // The same recipients (any order, case or separator), or none sent: the member's metrics are saved, the recipients kept.
    const same = await member.api.post('auth/updateDashboardPersonalizationInfo', info({ hourlyRateForTestEngineer: 60, weeklyEmailUpdatesTo: ['CTO@example.com', 'qa@example.com'] }));
    expectOk(same);
    expect(same.body.dashboardPersonalizationInfo).toEqual({ hourlyRateForTestEngineer: 60, weeklyEmailUpdatesTo: 'qa@example.com, cto@example.com' });
    expectOk(await member.api.post('auth/updateDashboardPersonalizationInfo', info({ hourlyRateForTestEngineer: 70 })));
    expect(await saved()).toEqual({ hourlyRateForTestEngineer: 70, weeklyEmailUpdatesTo: 'qa@example.com, cto@example.com' });

    expectOk(await admin.api.post('auth/updateDashboardPersonalizationInfo', info({ weeklyEmailUpdatesTo: [] })));
    expect((await saved()).weeklyEmailUpdatesTo).toEqual([]);
  });
});
