import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { SURROGATE_MESSAGE } from './text-guard.ts';
import { registerErrorHandler } from './error-handler.ts';
import { GitError } from '../workspace/git.ts';

/**
 * Values valid as JSON that PostgreSQL cannot store: unpaired UTF-16 surrogates ("\ud800": jsonb and
 * text refuse them) and whole numbers past an `integer` column's 32 bits. Each is refused with a 400
 * naming the field, before anything is written. And a project deleted while a request on it runs
 * (found by bad-input-fuzz.test.ts): a 404, not a 500.
 */
let server: TestServer;
let user: TestUser;
let projectId: string;
const LONE = '\ud800';
const surrogateError = (field: string) => `${field}: ${SURROGATE_MESSAGE}`;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'Limits' });
});
afterAll(() => server.close());

const execution = (over: Record<string, unknown> = {}) => ({
  name: 'Nightly',
  env: 'staging',
  flows: [{ scenarioGroups: [{ name: 'Group', threadCount: 0, scenarios: [{ featureIndex: 0, scenarioIndex: 0 }], tags: [] }] }],
  ...over,
});

describe('unpaired surrogates', () => {
  it('are sent by JSON.stringify as the escape \\ud800 (the request is valid JSON)', () => {
    expect(JSON.stringify({ a: LONE })).toBe('{"a":"\\ud800"}');
  });

  it.each<[string, string, string, () => unknown, string]>([
    ['dashboard personalisation (jsonb)', 'POST', 'auth/updateDashboardPersonalizationInfo', () => ({ project_id: projectId, dashboardPersonalizationInfo: { layout: `wide${LONE}` } }), 'dashboardPersonalizationInfo.layout'],
    ['a personalisation key', 'POST', 'auth/updateDashboardPersonalizationInfo', () => ({ project_id: projectId, dashboardPersonalizationInfo: { [`k${LONE}`]: 1 } }), 'dashboardPersonalizationInfo.k\ufffd'],
    ['execution flows (jsonb)', 'POST', 'executions/new', () => ({ projectId, execution: execution({ flows: [{ scenarioGroups: [{ name: `G${LONE}`, threadCount: 0, scenarios: [], tags: [] }] }] }) }), 'execution.flows.0.scenarioGroups.0.name'],
    ['an execution tag', 'POST', 'executions/new', () => ({ projectId, execution: execution({ flows: [{ scenarioGroups: [{ name: 'G', threadCount: 0, scenarios: [], tags: ['@a', `@b${LONE}`] }] }] }) }), 'execution.flows.0.scenarioGroups.0.tags.1'],
    ['schedule env variables', 'POST', 'executions/schedule/no-such-execution', () => ({ envVariables: { environment: `prod${LONE}` } }), 'envVariables.environment'],
    ['private repository token (scrubbed from git output)', 'POST', 'auth/addPrivateRepo', () => ({ project_id: projectId, username: 'ci', token: `ghp_${LONE}`, url: 'https://git.example/team/repo.git' }), 'token'],
    ['a low surrogate alone', 'POST', 'auth/addPrivateRepo', () => ({ project_id: projectId, username: `ci\udc00`, token: 't' }), 'username'],
    ['client logs', 'POST', 'auth/log', () => ({ logs: [{ name: 'x', logType: 'Info' }, { name: `y${LONE}`, logType: 'Info' }] }), 'logs.1.name'],
    ['project name', 'POST', 'auth/CreateProject', () => ({ name: `Shop${LONE}`, url: 'https://shop.example' }), 'name'],
    ['npmrc (sealed before it is stored)', 'POST', 'auth/update-npmrc', () => ({ project_id: projectId, npmrc_TextContent: `registry=${LONE}` }), 'npmrc_TextContent'],
    ['a comment', 'POST', 'runs/comments/add', () => ({ testCaseId: 't', runId: 'r', content: `looks good ${LONE}` }), 'content'],
    ['the whole body a string', 'POST', 'auth/log', () => JSON.stringify(LONE), 'body'],
  ])('in %s: 400 naming the field', async (_label, method, path, body, field) => {
    expectError(await user.api.request(method, path, body()), 400, surrogateError(field));
  });

  it('sent as the UTF-8 bytes of a surrogate (%ED%A0%80): a query string reads them as U+FFFD, a path is refused', async () => {
    expectError(await user.api.get('auth/getMembers?project_id=%ED%A0%80'), 404);
    const badUrl = 'The URL is not valid: it holds a malformed %-escape';
    expectError(await user.api.delete('auth/invitations/%ED%A0%80', { id: 'x' }), 400, badUrl);
    expectError(await user.api.get('executions/%ED%A0%80'), 400, badUrl);
  });

  it('a well-formed pair (an emoji) is stored and read back', async () => {
    const info = { project_id: projectId, dashboardPersonalizationInfo: { note: 'ship it \ud83d\ude80' } };
    expectOk(await user.api.post('auth/updateDashboardPersonalizationInfo', info));
    const res = await user.api.get(`auth/getDashboardPersonalizationInfo?project_id=${projectId}`);
    expect(JSON.stringify(res.body)).toContain('ship it \ud83d\ude80');
  });

  it('nothing is written: no execution, no private repository', async () => {
    const executions = await server.ctx.db.selectFrom('executions').select('id').where('project_id', '=', projectId).execute();
    expect(executions).toEqual([]);
    const project = await server.ctx.db.selectFrom('projects').select(['private_repo_token_enc', 'configured_private_repo']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(project).toEqual({ private_repo_token_enc: null, configured_private_repo: false });
  });
});

describe('whole numbers past 32 bits', () => {
  it.each<[string, string, string, () => unknown, string]>([
    ['last active feature', 'POST', 'workspace/updateLastActiveWorkspace', () => ({ projectId, branch: 'main', featureIndex: 4294967296 }), 'featureIndex'],
    ['last active scenario', 'POST', 'workspace/updateLastActiveWorkspace', () => ({ projectId, branch: 'main', scenarioIndex: 2 ** 31 }), 'scenarioIndex'],
    ['a negative one', 'POST', 'workspace/updateLastActiveWorkspace', () => ({ projectId, branch: 'main', featureIndex: -(2 ** 31) - 1 }), 'featureIndex'],
    ['1e20', 'POST', 'workspace/updateLastActiveWorkspace', () => ({ projectId, branch: 'main', featureIndex: 1e20 }), 'featureIndex'],
    ['push-scenario', 'POST', 'workspace/push-scenario', () => ({ projectId, name: 'a.feature', data: 'Scenario: x', scenarioIndex: 4294967296 }), 'scenarioIndex'],
    ['an execution scenario', 'POST', 'executions/new', () => ({ projectId, execution: execution({ flows: [{ scenarioGroups: [{ name: 'G', threadCount: 0, scenarios: [{ featureIndex: 4294967296, scenarioIndex: 0 }], tags: [] }] }] }) }), 'execution.flows.0.scenarioGroups.0.scenarios.0.featureIndex'],
    ['the wizard\'s thread allowance', 'POST', 'executions/new', () => ({ projectId, execution: execution(), maxThreads: 1e20 }), 'maxThreads'],
    ['onboarding step', 'PATCH', 'workspace/onboarding/progress', () => ({ userId: user.userId, lastCompletedStep: 4294967296 }), 'lastCompletedStep'],
  ])('%s: 400 naming the field', async (_label, method, path, body, field) => {
    expectError(await user.api.request(method, path, body()), 400, new RegExp(`^${field.replaceAll('.', '\\.')}: Too (big|small)`));
  });

  it('stored users page in the query string', async () => {
    expectError(await user.api.get(`mail/get-users?project_id=${projectId}&page=4294967296`), 400, /^page: Too big/);
  });

  it('the largest 32-bit index is taken and read back', async () => {
    expectOk(await user.api.post('workspace/updateLastActiveWorkspace', { projectId, branch: 'main', featureIndex: 2 ** 31 - 1, scenarioIndex: -1 }));
    const row = await server.ctx.db.selectFrom('workspace_state').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_active_feature_index: 2 ** 31 - 1, last_active_scenario_index: -1 });
  });
});

describe('a project deleted while a request on it runs', () => {
  it('a read that finds its repository gone answers 404', async () => {
    const doomed = await createProject(user, { name: 'Doomed' });
    await server.ctx.workspaces.remove(doomed);
    expectError(await user.api.post('workspace/features-count', { projectId: doomed }), 404, /not found/);
  });

  it('git finding no repository between the check and the read (the deletion\'s second half) is a 404', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/read', async () => {
      throw new GitError(['ls-tree'], { stdout: '', stderr: "fatal: not a git repository: '/data/repos/p.git'\n", code: 128 });
    });
    const res = await app.inject({ method: 'GET', url: '/read' });
    expect([res.statusCode, res.json()]).toEqual([404, { status: 'error', error: MSG.projectNotFound }]);
    await app.close();
  });

  it('reads sent beside the deletion answer 200 or 404, never a 500', async () => {
    const doomed = await createProject(user, { name: 'Doomed too' });
    const reads = Array.from({ length: 6 }, () => user.api.post('workspace/features-count', { projectId: doomed }));
    expectOk(await user.api.delete('auth/DeleteProject', { project_id: doomed }));
    for (const res of await Promise.all(reads)) expect([200, 403, 404]).toContain(res.status);
  });
});
