import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RUNS_MESSAGES, type RunReportDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { report, store, testCase } from './runs-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let projectId: string;
let runId: string;
let tcIds: string[];
let otherRunId: string;
let otherTcId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, colleague, outsider] = await Promise.all([
    signUpUser(server.baseUrl),
    signUpUser(server.baseUrl, { firstname: 'Mia', lastname: 'Member' }),
    signUpUser(server.baseUrl),
    signUpUser(server.baseUrl),
  ]);
  projectId = await createProject(admin, { name: 'Commented' });
  await addMemberToProject(admin, member, projectId);
  await addMemberToProject(admin, colleague, projectId);
  runId = (await store(server.ctx, projectId, report([testCase('One', 'FAILED'), testCase('Two', 'PASSED')]))).runId;
  tcIds = ((await admin.api.get(`runs/cucumber-runs/get?runId=${runId}`)).body.run as RunReportDto).report.testCases.map((t) => t.id);
  const outsidersProject = await createProject(outsider, { name: 'Outside' });
  otherRunId = (await store(server.ctx, outsidersProject, report([testCase('Theirs', 'PASSED')]))).runId;
  otherTcId = ((await outsider.api.get(`runs/cucumber-runs/get?runId=${otherRunId}`)).body.run as RunReportDto).report.testCases[0].id;
});
afterAll(() => server.close());

const add = (user: TestUser | ApiClient, content: string, testCaseId = tcIds[0], run = runId) =>
  ('api' in user ? user.api : user).post('runs/comments/add', { type: 'scenario', testCaseId, runId: run, username: 'Spoofed Name', content });
const update = (client: ApiClient, id: string, content: string) => client.request('PUT', `runs/comments/update/${id}`, { content });
const remove = (client: ApiClient, id: string) => client.delete(`runs/comments/delete/${id}`);
const runComments = async () => ((await admin.api.get(`runs/cucumber-runs/get?runId=${runId}`)).body.run as RunReportDto).report.testCases.map((t) => t.comments);

describe('comments', () => {
  it('adds a comment under the author’s own name; the run and the test case show it', async () => {
    const res = await add(member, '  Flaky because of the banner  ');
    expectOk(res);
    expect(res.body.comment).toEqual({
      _id: expect.any(String), type: 'scenario', testCaseId: tcIds[0], runId, username: 'Mia Member', userId: member.userId,
      content: 'Flaky because of the banner', updatedAt: expect.any(String),
    });
    const comments = await runComments();
    expect(comments[0]).toEqual([res.body.comment]);
    expect(comments[1]).toEqual([]);
    const tc = await member.api.get(`runs/cucumber-runs/get-testcase?testCaseId=${tcIds[0]}`);
    expect(tc.body.testCase.comments).toEqual([res.body.comment]);
  });

  it('refuses empty content with the message, on add and on update', async () => {
    expectError(await add(member, '   '), 400, RUNS_MESSAGES.commentEmpty);
    expectError(await add(member, ''), 400, RUNS_MESSAGES.commentEmpty);
    const id = (await add(member, 'to be emptied')).body.comment._id;
    expectError(await update(member.api, id, ' '), 400, RUNS_MESSAGES.commentEmpty);
    await remove(member.api, id);
  });

  it('lets the author update and delete; another member may not; an admin may', async () => {
    const id = (await add(member, 'first words', tcIds[1])).body.comment._id;
    const updated = await update(member.api, id, 'second words');
    expectOk(updated);
    expect(updated.body.comment).toMatchObject({ _id: id, content: 'second words', username: 'Mia Member' });
    expectError(await update(colleague.api, id, 'hijacked'), 403, RUNS_MESSAGES.commentNotYours);
    expectError(await remove(colleague.api, id), 403, RUNS_MESSAGES.commentNotYours);
    expect((await runComments())[1].map((c) => c.content)).toEqual(['second words']);
    expectOk(await update(admin.api, id, 'moderated'));
    expectOk(await remove(admin.api, id));
    expect((await runComments())[1]).toEqual([]);
    const own = (await add(colleague, 'mine', tcIds[1])).body.comment._id;
    expectOk(await remove(colleague.api, own));
    expectError(await remove(colleague.api, own), 404, RUNS_MESSAGES.commentNotFound);
  });

  it('is for members of the run’s project only', async () => {
    const id = (await add(member, 'members only')).body.comment._id;
    expectError(await add(outsider, 'let me in'), 403, MSG.forbidden);
    expectError(await update(outsider.api, id, 'x'), 403, MSG.forbidden);
    expectError(await remove(outsider.api, id), 403, MSG.forbidden);
    // A member of this project cannot comment on another project's run.
    expectError(await add(member, 'over there', otherTcId, otherRunId), 403, MSG.forbidden);
    // The test case must be of the run named.
    expectError(await add(member, 'mismatch', tcIds[0], otherRunId), 404, RUNS_MESSAGES.testCaseNotFound);
    expectError(await add(member, 'nothing', 'no-such-case'), 404, RUNS_MESSAGES.testCaseNotFound);
    expectError(await update(member.api, 'no-such-comment', 'x'), 404, RUNS_MESSAGES.commentNotFound);
    const anonymous = new ApiClient(server.baseUrl);
    expectError(await add(anonymous, 'who am I'), 401, MSG.unauthorized);
    expectError(await update(anonymous, id, 'x'), 401, MSG.unauthorized);
    expectError(await remove(anonymous, id), 401, MSG.unauthorized);
    expect((await runComments())[0].map((c) => c.content)).toContain('members only');
  });

  it('takes a project access key as its creator; a key of another project is refused', async () => {
    const key = (await createAccessKey(member, projectId)).token;
    const res = await add(member.api.withToken(key), 'from CI');
    expectOk(res);
    expect(res.body.comment.userId).toBe(member.userId);
    expectOk(await update(member.api.withToken(key), res.body.comment._id, 'from CI, edited'));
    const foreign = (await createAccessKey(outsider, (await outsider.api.get('auth/getProjects')).body.projects[0].id)).token;
    expectError(await add(outsider.api.withToken(foreign), 'foreign'), 403, MSG.forbidden);
    expectError(await remove(outsider.api.withToken(foreign), res.body.comment._id), 403, MSG.forbidden);
  });

  it('goes with its run', async () => {
    const id = (await add(member, 'bye')).body.comment._id;
    await server.ctx.db.deleteFrom('runs').where('id', '=', runId).execute();
    expectError(await update(member.api, id, 'x'), 404, RUNS_MESSAGES.commentNotFound);
  });
});
