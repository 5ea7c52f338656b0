import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { NUL_MESSAGE } from './text-guard.ts';
import { localRepos } from '../test/local-repos.ts';

/**
 * Bad input on the routes of the features area (steps, environments, test data, stored users,
 * private repository, and the workspace's own routes where bad-input.test.ts style applies): always
 * a 4xx in the error envelope with a readable message, never a 500, and nothing written.
 */
let server: TestServer;
let user: TestUser;
let stranger: TestUser;
let projectId: string;
let strangersProject: string;
const canary = path.join(os.tmpdir(), `stepwise-bad-input-${process.pid}`);
const FEATURE = 'Feature: Shop\n  Scenario: Buy\n    Given a step\n';

const git = (project: string, ...args: string[]) =>
  execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(project)}`, ...args], { encoding: 'utf8' }).trim();
const refs = (project: string) => git(project, 'for-each-ref', '--format=%(refname) %(objectname)');

beforeAll(async () => {
  server = await startTestServer();
  [user, stranger] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  [projectId, strangersProject] = await Promise.all([createProject(user, { name: 'Mine' }), createProject(stranger, { name: 'Theirs' })]);
  const setup = [
    user.api.post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'shop.feature', content: FEATURE } }),
    user.api.post('workspace/push-env', { projectId, name: 'staging', data: { baseUrl: 'https://staging.example' } }),
    user.api.post('mail/add-user', { project_id: projectId, username: 'ada', password: 'pw' }),
    stranger.api.post('workspace/push-env', { projectId: strangersProject, name: 'theirs', data: { baseUrl: 'https://theirs.example' } }),
    stranger.api.post('mail/add-user', { project_id: strangersProject, username: 'theirs', password: 'pw', secretKey: 'JBSWY3DPEHPK3PXP' }),
  ];
  for (const res of setup) expectOk(await res);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(canary, { force: true });
});

/** Routes that take a JSON body. */
const BODY_ROUTES: Array<[string, string]> = [
  ...['store-and-get-steps', 'get-step-code-by-scenario', 'upload-mjs', 'validate-step-code', 'get-unused-step-definitions', 'remove-unused-steps',
    'get-env-list', 'push-env', 'edit-env', 'set-active-env', 'changeTestData',
    'get-feature-list', 'get-feature-list-for-branch', 'features-count', 'push-scenario', 'create-feature', 'rename-feature', 'delete-feature',
    'create-folder', 'edit-folder', 'delete-folder', 'push-file', 'get-all-branches', 'create-new-branch', 'last-updated', 'updateLastActiveWorkspace',
  ].map((call): [string, string] => ['POST', `workspace/${call}`]),
  ['DELETE', 'workspace/delete-env'], ['DELETE', 'workspace/delete-branch'],
  ['POST', 'mail/add-user'], ['PUT', 'mail/update-user'], ['DELETE', 'mail/delete-user'], ['POST', 'mail/generate-totp'],
  ['POST', 'auth/addPrivateRepo'], ['POST', 'auth/getPrivateRepoUrl'], ['POST', 'auth/create-workspace'],
];
/** Routes that take their input in the query string, and the field named when it is missing. */
const QUERY_ROUTES: Array<[string, string, string]> = [
  ['GET', 'workspace/testData', 'projectId'], ['GET', 'mail/get-users', 'project_id'], ['GET', 'workspace/get-files', 'projectId'],
  ['GET', 'workspace/get-file-content', 'projectId'], ['DELETE', 'workspace/delete-file', 'projectId'],
];

type Case = [label: string, method: string, path: string, body: unknown, status: number, error: string | RegExp];
const run = async ([label, method, url, body, status, error]: Case) => {
  const res = await user.api.request(method, url, body);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
  expectError(res, status, error);
};

describe('missing fields', () => {
  it.each(BODY_ROUTES)('%s %s with an empty object answers 400 with a readable error', async (method, url) => {
    expectError(await user.api.request(method, url, {}), 400);
  });

  it.each(QUERY_ROUTES)('%s %s without its query answers 400 naming the field', async (method, url, field) => {
    expectError(await user.api.request(method, url), 400, new RegExp(`^${field}: `));
  });

  it.each<Case>([
    ['steps without a project', 'POST', 'workspace/store-and-get-steps', {}, 400, 'projectId is required'],
    ['blank project id', 'POST', 'workspace/get-env-list', { projectId: '   ' }, 400, 'projectId is required'],
    ['stored user without username', 'POST', 'mail/add-user', { project_id: 'p', username: ' ', password: 'x' }, 400, 'Username is required'],
    ['stored user without password', 'POST', 'mail/add-user', { project_id: 'p', username: 'x', password: '' }, 400, 'Password is required'],
    ['repository without token', 'POST', 'auth/addPrivateRepo', { project_id: 'p', username: 'x', token: '  ' }, 400, 'Token is required'],
    ['scenario without feature', 'POST', 'workspace/get-step-code-by-scenario', { projectId: 'p', scenarioName: 'x' }, 400, /^featureName: /],
    ['environment without data', 'POST', 'workspace/push-env', { projectId: 'p', name: 'x' }, 400, /^data: /],
    ['environment without URL', 'POST', 'workspace/edit-env', { projectId: 'p', name: 'x', newData: {} }, 400, /^newData\.baseUrl: /],
    ['upload without files', 'POST', 'workspace/upload-mjs', { projectId: 'p', files: [] }, 400, /^files: /],
    ['test data row without type', 'POST', 'workspace/changeTestData', { projectId: 'p', testData: [{ key: 'k', value: 'v', environment: '*' }] }, 400, /^testData\.0\.DataType: /],
  ])('%s: 400 with the field\'s message', (...c) => run(c));
});

describe('wrong JSON types', () => {
  const p = () => projectId;
  it.each<[string, string, string, () => unknown, RegExp | string]>([
    ['projectId a number', 'POST', 'workspace/store-and-get-steps', () => ({ projectId: 5 }), /^projectId: .*string/],
    ['branch a number', 'POST', 'workspace/get-env-list', () => ({ projectId: p(), branch: 5 }), /^branch: .*string/],
    ['isPrivateRepo a string', 'POST', 'workspace/get-env-list', () => ({ projectId: p(), isPrivateRepo: 'yes' }), /^isPrivateRepo: .*boolean/],
    ['files not an array', 'POST', 'workspace/upload-mjs', () => ({ projectId: p(), files: 'a.mjs' }), /^files: .*array/],
    ['file content a number', 'POST', 'workspace/upload-mjs', () => ({ projectId: p(), files: [{ name: 'a.mjs', content: 1 }] }), /^files\.0\.content: .*string/],
    ['force a string', 'POST', 'workspace/upload-mjs', () => ({ projectId: p(), files: [{ name: 'a.mjs', content: '' }], force: 'yes' }), /^force: .*boolean/],
    ['code a number', 'POST', 'workspace/validate-step-code', () => ({ code: 1 }), /^code: .*string/],
    ['scenarioName an object', 'POST', 'workspace/get-step-code-by-scenario', () => ({ projectId: p(), featureName: 'shop', scenarioName: {} }), /^scenarioName: /],
    ['unused input an object', 'POST', 'workspace/remove-unused-steps', () => ({ projectId: p(), input: {} }), /^input: .*array/],
    ['step definitions a string', 'POST', 'workspace/remove-unused-steps', () => ({ projectId: p(), input: [{ filePath: 'a.mjs', stepDefinitions: 'x' }] }), /^input\.0\.stepDefinitions: /],
    ['environment name a number', 'POST', 'workspace/push-env', () => ({ projectId: p(), name: 7, data: { baseUrl: 'https://x.example' } }), /^name: .*string/],
    ['baseUrl a number', 'POST', 'workspace/push-env', () => ({ projectId: p(), name: 'x', data: { baseUrl: 1 } }), /^data\.baseUrl: .*string/],
    ['active environment a number', 'POST', 'workspace/set-active-env', () => ({ projectId: p(), name: 1 }), /^name: /],
    ['test data an object', 'POST', 'workspace/changeTestData', () => ({ projectId: p(), testData: {} }), /^testData: .*array/],
    ['test data type unknown', 'POST', 'workspace/changeTestData', () => ({ projectId: p(), testData: [{ key: 'k', value: 'v', DataType: 'number', environment: '*' }] }), /^testData\.0\.DataType: /],
    ['password a number', 'POST', 'mail/add-user', () => ({ project_id: p(), username: 'x', password: 42 }), /^password: .*string/],
    ['clearSecretKey a string', 'PUT', 'mail/update-user', () => ({ project_id: p(), prev_username: 'ada', username: 'ada', password: 'x', clearSecretKey: 'yes' }), /^clearSecretKey: .*boolean/],
    ['username an array', 'POST', 'mail/generate-totp', () => ({ project_id: p(), username: ['ada'] }), /^username: .*string/],
    ['repository URL a number', 'POST', 'auth/addPrivateRepo', () => ({ project_id: p(), username: 'x', token: 'y', url: 1 }), /^url: .*string/],
  ])('%s: 400 naming the field', async (_label, method, url, body, error) => {
    expectError(await user.api.request(method, url, body()), 400, error);
  });

  it('query strings: page and limit of stored users, isPrivateRepo of test data, repeated parameters', async () => {
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=abc`), 400, /^page: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=-1`), 400, /^page: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=1.5`), 400, /^page: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=1e400`), 400, /^page: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=99999999999999999999`), 400, /^page: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&limit=7`), 400, 'limit must be one of 5, 10, 25, 50, 100');
    expectError(await user.api.get(`workspace/testData?projectId=${projectId}&isPrivateRepo=yes`), 400, /^isPrivateRepo: /);
    expectError(await user.api.get(`workspace/testData?projectId=${projectId}&projectId=${strangersProject}`), 400, /^projectId: /);
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&project_id=${strangersProject}`), 400, /^project_id: /);
  });
});

describe('oversized strings and lists', () => {
  const long = (n: number) => 'x'.repeat(n);
  const row = { key: 'k', value: 'v', DataType: 'string', environment: '*' };
  it.each<[string, string, string, () => unknown, RegExp | string]>([
    ['projectId', 'POST', 'workspace/get-env-list', () => ({ projectId: long(65) }), /^projectId: /],
    ['branch', 'POST', 'workspace/get-env-list', () => ({ projectId, branch: long(201) }), /^branch: /],
    ['environment name (schema)', 'POST', 'workspace/push-env', () => ({ projectId, name: long(301), data: { baseUrl: 'https://x.example' } }), /^name: /],
    ['environment name (rule)', 'POST', 'workspace/push-env', () => ({ projectId, name: long(33), data: { baseUrl: 'https://x.example' } }), WS_MSG.envNameTooLong],
    ['environment URL', 'POST', 'workspace/push-env', () => ({ projectId, name: 'x', data: { baseUrl: `https://${long(2048)}` } }), /^data\.baseUrl: /],
    ['test data key', 'POST', 'workspace/changeTestData', () => ({ projectId, testData: [{ ...row, key: long(201) }] }), /^testData\.0\.key: /],
    ['test data value', 'POST', 'workspace/changeTestData', () => ({ projectId, testData: [{ ...row, value: long(10_001) }] }), /^testData\.0\.value: /],
    ['test data environment', 'POST', 'workspace/changeTestData', () => ({ projectId, testData: [{ ...row, environment: long(101) }] }), /^testData\.0\.environment: /],
    ['test data rows', 'POST', 'workspace/changeTestData', () => ({ projectId, testData: Array.from({ length: 5001 }, (_, i) => ({ ...row, key: `k${i}` })) }), /^testData: /],
    ['stored username', 'POST', 'mail/add-user', () => ({ project_id: projectId, username: long(201), password: 'x' }), /^username: /],
    ['stored password', 'POST', 'mail/add-user', () => ({ project_id: projectId, username: 'x', password: long(1001) }), /^password: /],
    ['stored secret key', 'POST', 'mail/add-user', () => ({ project_id: projectId, username: 'x', password: 'x', secretKey: long(201) }), /^secretKey: /],
    ['repository URL', 'POST', 'auth/addPrivateRepo', () => ({ project_id: projectId, username: 'x', token: 'y', url: `https://${long(2048)}` }), /^url: /],
    ['repository token', 'POST', 'auth/addPrivateRepo', () => ({ project_id: projectId, username: 'x', token: long(1001) }), /^token: /],
    ['step file name', 'POST', 'workspace/upload-mjs', () => ({ projectId, files: [{ name: `${long(300)}.mjs`, content: '' }] }), /^files\.0\.name: /],
    ['step files', 'POST', 'workspace/upload-mjs', () => ({ projectId, files: Array.from({ length: 51 }, (_, i) => ({ name: `s${i}.mjs`, content: '' })) }), /^files: /],
    ['feature name', 'POST', 'workspace/get-step-code-by-scenario', () => ({ projectId, featureName: long(1001), scenarioName: 'x' }), /^featureName: /],
    ['scenario name', 'POST', 'workspace/get-step-code-by-scenario', () => ({ projectId, featureName: 'shop', scenarioName: long(301) }), /^scenarioName: /],
    ['unused step file path', 'POST', 'workspace/remove-unused-steps', () => ({ projectId, input: [{ filePath: long(1001), stepDefinitions: [] }] }), /^input\.0\.filePath: /],
    ['unused step list', 'POST', 'workspace/remove-unused-steps', () => ({ projectId, input: Array.from({ length: 1001 }, () => ({ filePath: 'a.mjs', stepDefinitions: [] })) }), /^input: /],
  ])('%s: 400 naming the limit', async (_label, method, url, body, error) => {
    const head = refs(projectId);
    expectError(await user.api.request(method, url, body()), 400, error);
    expect(refs(projectId)).toBe(head);
  });

  it('code and step files over the 1 MiB body limit answer 413', async () => {
    const big = `// ${'x'.repeat(1024 * 1024)}`;
    expectError(await user.api.post('workspace/validate-step-code', { code: big }), 413, 'Request body is too large');
    expectError(await user.api.post('workspace/upload-mjs', { projectId, files: [{ name: 'big.mjs', content: big }] }), 413, 'Request body is too large');
  });
});

describe('NUL characters', () => {
  it.each<[string, string, string, () => unknown]>([
    ['step file content', 'POST', 'workspace/upload-mjs', () => ({ projectId, files: [{ name: 'a.mjs', content: 'let a = "\u0000";' }] })],
    ['step file name', 'POST', 'workspace/upload-mjs', () => ({ projectId, files: [{ name: 'a\u0000.mjs', content: '' }] })],
    ['code to validate', 'POST', 'workspace/validate-step-code', () => ({ code: '\u0000' })],
    ['environment name', 'POST', 'workspace/push-env', () => ({ projectId, name: 'a\u0000', data: { baseUrl: 'https://x.example' } })],
    ['environment URL', 'POST', 'workspace/edit-env', () => ({ projectId, name: 'staging', newData: { baseUrl: 'https://x.example/\u0000' } })],
    ['branch', 'POST', 'workspace/store-and-get-steps', () => ({ projectId, branch: 'main\u0000' })],
    ['test data value', 'POST', 'workspace/changeTestData', () => ({ projectId, testData: [{ key: 'k', value: '\u0000', DataType: 'secret', environment: '*' }] })],
    ['stored password', 'POST', 'mail/add-user', () => ({ project_id: projectId, username: 'nul', password: 'a\u0000b' })],
    ['stored username', 'DELETE', 'mail/delete-user', () => ({ project_id: projectId, username: 'ada\u0000' })],
    ['repository token', 'POST', 'auth/addPrivateRepo', () => ({ project_id: projectId, username: 'x', token: 't\u0000' })],
    ['test data query', 'GET', 'workspace/testData?projectId=a%00b', () => undefined],
    ['stored users query', 'GET', 'mail/get-users?project_id=a%00b', () => undefined],
  ])('in %s: 400', async (_label, method, url, body) => {
    const head = refs(projectId);
    expectError(await user.api.request(method, url, body()), 400, NUL_MESSAGE);
    expect(refs(projectId)).toBe(head);
  });
});

describe('path traversal in path-like fields', () => {
  const hostile = ['../x', '../../etc/passwd', '/etc/passwd', 'a/../../x', './x', 'a\\b', '-x', `--output=${canary}`, '--upload-pack=touch /tmp/x', 'a//b'];
  const mjs = hostile.map((h) => `${h}.mjs`);
  type Call = [call: string, body: Record<string, unknown>];
  const up = (name: string): Call => ['upload-mjs', { files: [{ name, content: '' }] }];
  const cases: Array<[string, Call[], number, string | RegExp]> = [
    ['upload-mjs file name', mjs.map(up), 400, WS_MSG.invalidPath],
    ['upload-mjs the built-in file', [up('utils.mjs')], 400, WS_MSG.utilsNotEditable],
    ['upload-mjs a file that is not .mjs', [up('x.js'), up('../../x')], 400, WS_MSG.stepFileName],
    // A leading '/' is read under steps/ there ('/steps/x.mjs' and 'x.mjs' name the same file), so '/etc/passwd.mjs' is steps/etc/passwd.mjs.
    ['remove-unused-steps file path', mjs.filter((m) => !m.startsWith('/')).map((filePath) => ['remove-unused-steps', { input: [{ filePath, stepDefinitions: [{ keyword: 'Given', pattern: 'x' }] }] }]), 400, WS_MSG.invalidPath],
    ['push-env name', hostile.map((name) => ['push-env', { name, data: { baseUrl: 'https://x.example' } }]), 400, /^Name cannot (contain|be more than)|^Invalid path$/],
    ['edit-env name', hostile.map((name) => ['edit-env', { name, newData: { baseUrl: 'https://x.example' } }]), 400, WS_MSG.invalidPath],
    ['edit-env newName', hostile.map((newName) => ['edit-env', { name: 'staging', newName, newData: { baseUrl: 'https://x.example' } }]), 400, /^Name cannot (contain|be more than)|^Invalid path$/],
    ['set-active-env name', hostile.map((name) => ['set-active-env', { name }]), 404, WS_MSG.envNotFound],
    ['changeTestData environment', hostile.map((environment) => ['changeTestData', { testData: [{ key: 'k', value: 'v', DataType: 'string', environment }] }]), 400, WS_MSG.testDataUnknownEnv],
    ['get-step-code-by-scenario feature', hostile.map((featureName) => ['get-step-code-by-scenario', { featureName, scenarioName: 'Buy' }]), 404, WS_MSG.featureNotFound],
  ];
  it.each(cases)('%s: refused, nothing written', async (_label, calls, status, error) => {
    const head = refs(projectId);
    for (const [c, body] of calls) expectError(await user.api.post(`workspace/${c}`, { projectId, ...body }), status, error);
    expect(refs(projectId)).toBe(head);
    expect(fs.existsSync(canary)).toBe(false);
  });

  it('delete-env with a hostile name: 400, nothing written', async () => {
    const head = refs(projectId);
    for (const name of hostile) expectError(await user.api.delete('workspace/delete-env', { projectId, name }), 400, WS_MSG.invalidPath);
    expect(refs(projectId)).toBe(head);
  });

  it('repository URLs that are not plain http(s) are refused before git runs', async () => {
    for (const url of ['--upload-pack=touch /tmp/x', 'file:///etc', `ext::sh -c touch% ${canary}`, '../x.git', 'http://u:p@127.0.0.1/x.git']) {
      expectError(await user.api.post('auth/addPrivateRepo', { project_id: projectId, username: 'x', token: 'y', url }), 400, WS_MSG.gitUrlInvalid);
    }
    expect(fs.existsSync(canary)).toBe(false);
  });
});

describe('invalid branch names', () => {
  const BRANCHES = ['--upload-pack=x', '../x', '-c', 'a..b', 'x.lock', '/x', 'x/', '@{1}', 'refs/../../x', '.hidden', 'no-such-branch'];
  const calls: Array<[string, string, (branch: string) => unknown]> = [
    ['POST', 'workspace/store-and-get-steps', (branch) => ({ projectId, branch })],
    ['POST', 'workspace/get-step-code-by-scenario', (branch) => ({ projectId, branch, featureName: 'shop', scenarioName: 'Buy' })],
    ['POST', 'workspace/upload-mjs', (branch) => ({ projectId, branch, files: [{ name: 'a.mjs', content: '' }] })],
    ['POST', 'workspace/get-unused-step-definitions', (branch) => ({ projectId, branch })],
    ['POST', 'workspace/remove-unused-steps', (branch) => ({ projectId, branch, input: [] })],
    ['POST', 'workspace/get-env-list', (branch) => ({ projectId, branch })],
    ['POST', 'workspace/push-env', (branch) => ({ projectId, branch, name: 'x', data: { baseUrl: 'https://x.example' } })],
    ['POST', 'workspace/edit-env', (branch) => ({ projectId, branch, name: 'staging', newData: { baseUrl: 'https://x.example' } })],
    ['DELETE', 'workspace/delete-env', (branch) => ({ projectId, branch, name: 'staging' })],
    ['POST', 'workspace/set-active-env', (branch) => ({ projectId, branch, name: 'staging' })],
    ['POST', 'workspace/changeTestData', (branch) => ({ projectId, branch, testData: [] })],
  ];
  it.each(calls)('%s %s: 404 Branch not found, no ref created', async (method, url, body) => {
    const head = refs(projectId);
    for (const branch of BRANCHES) {
      const res = await user.api.request(method, url, body(branch));
      expect(res.status, `${branch}: ${JSON.stringify(res.body)}`).toBe(404);
      expectError(res, 404, WS_MSG.branchNotFound);
    }
    expect(refs(projectId)).toBe(head);
  });

  it('in the query string too (test data, unused steps)', async () => {
    for (const branch of BRANCHES) {
      const q = encodeURIComponent(branch);
      expectError(await user.api.get(`workspace/testData?projectId=${projectId}&branch=${q}`), 404, WS_MSG.branchNotFound);
      expectError(await user.api.post(`workspace/get-unused-step-definitions?branch=${q}`, { projectId }), 404, WS_MSG.branchNotFound);
      expectError(await user.api.post(`workspace/remove-unused-steps?branch=${q}`, { projectId, input: [] }), 404, WS_MSG.branchNotFound);
    }
  });
});

describe('unknown and hostile project ids', () => {
  const IDS = ['00000000-0000-4000-8000-000000000000', '../x', '..', '.', '--upload-pack=x', 'a/b', '%2e%2e', ' padded '];
  const calls: Array<[string, (id: string) => [string, string, unknown?]]> = [
    ['store-and-get-steps (query)', (id) => ['POST', `workspace/store-and-get-steps?projectId=${encodeURIComponent(id)}`, {}]],
    ['upload-mjs', (id) => ['POST', 'workspace/upload-mjs', { projectId: id, files: [{ name: 'a.mjs', content: '' }] }]],
    ['get-env-list', (id) => ['POST', 'workspace/get-env-list', { projectId: id }]],
    ['push-env', (id) => ['POST', 'workspace/push-env', { projectId: id, name: 'x', data: { baseUrl: 'https://x.example' } }]],
    ['testData', (id) => ['GET', `workspace/testData?projectId=${encodeURIComponent(id)}`]],
    ['changeTestData', (id) => ['POST', 'workspace/changeTestData', { projectId: id, testData: [] }]],
    ['get-users', (id) => ['GET', `mail/get-users?project_id=${encodeURIComponent(id)}`]],
    ['add-user', (id) => ['POST', 'mail/add-user', { project_id: id, username: 'x', password: 'y' }]],
    ['getPrivateRepoUrl', (id) => ['POST', 'auth/getPrivateRepoUrl', { project_id: id }]],
    ['addPrivateRepo', (id) => ['POST', 'auth/addPrivateRepo', { project_id: id, username: 'x', token: 'y', url: 'https://git.example/x.git' }]],
  ];
  it.each(calls)('%s: 404 Project not found', async (_label, make) => {
    for (const id of IDS) {
      const [method, url, body] = make(id);
      expectError(await user.api.request(method, url, body), 404, MSG.projectNotFound);
    }
  });
});

describe('another project\'s environments and stored users', () => {
  it('cannot be reached through my project (404) nor in theirs (403), and stay as they were', async () => {
    const mine = { project_id: projectId, username: 'theirs' };
    const theirs = { project_id: strangersProject, username: 'theirs' };
    expectError(await user.api.post('mail/generate-totp', mine), 404, WS_MSG.storedUserNotFound);
    expectError(await user.api.delete('mail/delete-user', mine), 404);
    expectError(await user.api.request('PUT', 'mail/update-user', { ...mine, prev_username: 'theirs', password: 'stolen' }), 404, WS_MSG.storedUserNotFound);
    expectError(await user.api.post('mail/generate-totp', theirs), 403, MSG.forbidden);
    expectError(await user.api.request('PUT', 'mail/update-user', { ...theirs, prev_username: 'theirs', password: 'stolen' }), 403, MSG.forbidden);
    expectError(await user.api.delete('workspace/delete-env', { projectId, name: 'theirs' }), 404, WS_MSG.envNotFound);
    expectError(await user.api.post('workspace/set-active-env', { projectId, name: 'theirs' }), 404, WS_MSG.envNotFound);
    expectError(await user.api.delete('workspace/delete-env', { projectId: strangersProject, name: 'theirs' }), 403, MSG.forbidden);
    const users = await stranger.api.get(`mail/get-users?project_id=${strangersProject}`);
    expect(users.body.users).toEqual([{ username: 'theirs', password: 'pw', secretKeyConfigured: true }]);
    expect((await stranger.api.post('workspace/get-env-list', { projectId: strangersProject })).body.allEnv.map((e: { name: string }) => e.name)).toEqual(['theirs']);
  });
});

describe('odd bodies on every route', () => {
  const odd = (): unknown[] => [
    { projectId: {}, project_id: {}, branch: {}, name: {} },
    { projectId: [], project_id: [], files: [null], testData: [null], input: [null], username: [] },
    { projectId: true, project_id: 1e308, branch: -1, name: null, data: 'x', newData: [], code: null },
    { projectId, project_id: projectId, name: { toString: 'x' }, files: {}, testData: 'x', username: 0, newBranch: 0, file: [] },
    '{"__proto__": {"isAdmin": true}, "projectId": "x"}',
    '{"constructor": {"prototype": {"isAdmin": true}}, "project_id": "x"}',
  ];
  it.each(BODY_ROUTES)('%s %s never answers 500', async (method, url) => {
    for (const body of odd()) {
      const res = await user.api.request(method, url, body);
      const seen = `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, seen).toBeLessThan(500);
      // A body with a valid project id and nothing else that is required may be read as a plain call.
      if (res.status === 200) expect(res.body.status, seen).toBe('success');
      else expect(res.body, seen).toMatchObject({ status: 'error', error: expect.any(String) });
    }
  });
});

describe('hand-written files the routes read or write over', () => {
  let scratch: string;
  const pushFile = (directory: string, name: string, content: string) =>
    user.api.post('workspace/push-file', { projectId: scratch, branch: 'main', directory, file: { name, content } });
  beforeEach(async () => {
    scratch = await createProject(user, { name: 'Scratch' });
  });

  it('test data whose values are objects with a non-callable toString is read as text', async () => {
    const rows = [{ key: { toString: 1 }, value: ['x'], DataType: { valueOf: 1 }, environment: null }, null, 7];
    expectOk(await pushFile('data', 'test-data.json', JSON.stringify(rows)));
    const res = await user.api.get(`workspace/testData?projectId=${scratch}`);
    expectOk(res);
    expect(res.body.testData).toEqual([{ key: '{"toString":1}', value: '["x"]', DataType: 'string', environment: '*' }]);
    expectOk(await user.api.post('workspace/changeTestData', { projectId: scratch, testData: [{ key: 'k', value: 'v', DataType: 'string', environment: '*' }] }));
  });

  it('a file where a folder is, or a folder where a file is, answers 400, nothing written', async () => {
    expectOk(await pushFile('steps', 'taken.mjs', ''));
    expectOk(await pushFile('steps/folder.mjs', 'inner.mjs', ''));
    expectOk(await pushFile('environments/qa.json', 'inner.json', '{}'));
    expectOk(await pushFile('data/test-data.json', 'inner.json', '{}'));
    const head = refs(scratch);
    const upload = (...names: string[]) => user.api.post('workspace/upload-mjs', { projectId: scratch, files: names.map((name) => ({ name, content: '' })) });
    expectError(await upload('both.mjs', 'both.mjs/inner.mjs'), 400, WS_MSG.invalidPath);
    expectError(await upload('folder.mjs'), 400, WS_MSG.invalidPath);
    expectError(await upload('taken.mjs/inner.mjs'), 400, WS_MSG.invalidPath);
    expectError(await user.api.post('workspace/push-env', { projectId: scratch, name: 'qa', data: { baseUrl: 'https://qa.example' } }), 400, WS_MSG.invalidPath);
    const row = { key: 'k', value: 'v', DataType: 'string', environment: '*' };
    expectError(await user.api.post('workspace/changeTestData', { projectId: scratch, testData: [row] }), 400, WS_MSG.invalidPath);
    expect(refs(scratch)).toBe(head);
  });
});
