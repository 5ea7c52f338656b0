import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { TEST_DATA_FILE } from './test-data-file.ts';
import { localRepos } from '../test/local-repos.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;
const logLines: string[] = [];

const SECRET = 'Pa55-w0rd!-never-in-clear';
const TOTP_KEY = 'JBSWY3DPEHPK3PXP';
const ROWS = [
  { key: 'email', value: 'ada@example.com', DataType: 'string', environment: '*' },
  { key: 'password', value: SECRET, DataType: 'secret', environment: 'staging' },
  { key: 'password', value: 'other-secret', DataType: 'secret', environment: 'prod' },
  { key: 'otp', value: TOTP_KEY, DataType: 'totp', environment: '*' },
];

const gitIn = (...args: string[]) => execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(projectId)}`, ...args], { encoding: 'utf8' }).trim();
const save = (user: TestUser, testData: unknown[], branch = 'main') => user.api.post('workspace/changeTestData', { projectId, branch, testData });
const load = (user: TestUser, branch = 'main') => user.api.get(`workspace/testData?projectId=${projectId}&branch=${branch}`);

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, {}, { logTo: { write: (line: string) => void logLines.push(line) } });
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin);
  await addMemberToProject(admin, member, projectId);
  for (const name of ['staging', 'prod']) {
    await admin.api.post('workspace/push-env', { projectId, branch: 'main', name, data: { baseUrl: `https://${name}.example` } });
  }
});
afterAll(() => server.close());

describe('test data', () => {
  it('is empty at first', async () => {
    const res = await load(member);
    expectOk(res);
    expect(res.body.testData).toEqual([]);
  });

  it('saves the table in data/test-data.json in one commit, secret and totp values sealed, and reads them back opened', async () => {
    const before = Number(gitIn('rev-list', '--count', 'main'));
    expectOk(await save(member, ROWS));
    expect(Number(gitIn('rev-list', '--count', 'main'))).toBe(before + 1);
    expect(gitIn('log', '-1', '--format=%s', 'main')).toMatch(/^Test User\d+: update test data \(4 rows\)$/);
    const raw = gitIn('show', `main:${TEST_DATA_FILE}`);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain('other-secret');
    expect(raw).not.toContain(TOTP_KEY);
    const stored = JSON.parse(raw);
    expect(stored[0]).toEqual(ROWS[0]);
    expect(stored[1].value).toMatch(/^v1:/);
    expect(server.ctx.secrets.decrypt(stored[1].value)).toBe(SECRET);
    const res = await load(admin);
    expectOk(res);
    expect(res.body.testData).toEqual(ROWS);
  });

  it('does not commit a table that did not change', async () => {
    const head = gitIn('rev-parse', 'main');
    expectOk(await save(admin, ROWS));
    expect(gitIn('rev-parse', 'main')).toBe(head);
  });

  it('refuses rows with reserved or duplicate keys, empty fields or an unknown environment, writing nothing', async () => {
    const head = gitIn('rev-parse', 'main');
    const row = (over: Record<string, string>) => ({ key: 'k', value: 'v', DataType: 'string', environment: '*', ...over });
    const cases: Array<[unknown[], string]> = [
      [[row({ key: 'env' })], WS_MSG.testDataReserved],
      [[row({ key: ' ENV ' })], WS_MSG.testDataReserved],
      [[row({}), row({ value: 'w' })], WS_MSG.testDataDuplicate],
      [[row({ key: '' })], WS_MSG.fillAllFields],
      [[row({ value: '' })], WS_MSG.fillAllFields],
      [[row({ environment: '' })], WS_MSG.fillAllFields],
      [[row({ environment: 'nowhere' })], WS_MSG.testDataUnknownEnv],
    ];
    for (const [rows, message] of cases) expectError(await save(admin, rows), 400, message);
    expectError(await save(admin, [row({ DataType: 'number' })]), 400, /^testData\.0\.DataType: /);
    expect(gitIn('rev-parse', 'main')).toBe(head);
    expectOk(await save(admin, [row({}), row({ environment: 'prod' })]));
  });

  it('keeps rows of an environment that was removed, but refuses new ones for it', async () => {
    await save(admin, ROWS);
    expectOk(await admin.api.delete('workspace/delete-env', { projectId, branch: 'main', name: 'prod' }));
    expectOk(await save(admin, ROWS));
    expectError(await save(admin, [...ROWS, { key: 'new', value: 'x', DataType: 'string', environment: 'prod' }]), 400, WS_MSG.testDataUnknownEnv);
  });

  it('shows a value that cannot be opened as empty with "Could not decrypt!"', async () => {
    const stored = JSON.parse(gitIn('show', `main:${TEST_DATA_FILE}`));
    stored[1].value = 'v1:AAAA:BBBB:CCCC';
    await server.ctx.workspaces.write(projectId, 'main', { name: 't', email: 't@x' }, 'corrupt', async () => [
      { path: TEST_DATA_FILE, content: JSON.stringify(stored) },
    ]);
    const res = await load(admin);
    expect(res.body.testData[1]).toEqual({ ...ROWS[1], value: '', error: WS_MSG.testDataDecryptError });
    expect(res.body.testData[0]).toEqual(ROWS[0]);
  });

  it('never logs the values', () => {
    expect(logLines.length).toBeGreaterThan(5);
    for (const line of logLines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain(TOTP_KEY);
    }
  });

  it('checks the session, the membership and the branch', async () => {
    expectError(await admin.api.withToken(null).get(`workspace/testData?projectId=${projectId}&branch=main`), 401);
    expectError(await load(outsider), 403, MSG.forbidden);
    expectError(await save(outsider, ROWS), 403, MSG.forbidden);
    expectError(await admin.api.get(`workspace/testData?projectId=nope&branch=main`), 404, MSG.projectNotFound);
    expectError(await load(admin, 'ghost'), 404, WS_MSG.branchNotFound);
    expectError(await save(admin, ROWS, 'ghost'), 404, WS_MSG.branchNotFound);
  });
});
