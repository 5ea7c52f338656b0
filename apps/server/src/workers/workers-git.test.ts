import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/api-client.ts';
import { createProject, signUpUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import type { TestServer } from '../test/test-server.ts';
import { newId } from '../security/tokens.ts';
import { insertWorkerJob } from './worker-jobs.repository.ts';
import { createWorkerToken, startWorkersServer } from './workers-test-kit.ts';

const run = promisify(execFile);
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('workers-git.test.ts skipped: TEST_REDIS_URL is not set');

/** Job tokens and the read-only Git smart HTTP endpoint, with the git CLI as the client. */
describe.skipIf(!redisUrl)('job tokens and Git smart HTTP (TEST_REDIS_URL)', () => {
  let server: TestServer;
  let projectId: string;
  let otherProject: string;
  let worker: ApiClient;
  let tmp: string;

  beforeAll(async () => {
    let admin;
    ({ server, admin, projectId } = await startWorkersServer(redisUrl!, 'http://127.0.0.1:9'));
    otherProject = await createProject(await signUpUser(server.baseUrl), { name: 'Other' });
    worker = new ApiClient(server.baseUrl, await createWorkerToken(admin, projectId));
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-git-http-'));
  });

  afterAll(async () => {
    await server?.close();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  async function job(project: string): Promise<{ id: string; commit: string }> {
    const commit = (await server.ctx.workspaces.repo(project).branchHead('main'))!;
    const id = newId();
    await insertWorkerJob(server.ctx.db, { id, project_id: project, instance_id: newId(), commit_id: commit, payload: server.ctx.secrets.encrypt('{}'), expires_at: new Date(Date.now() + 3600_000) });
    return { id, commit };
  }

  const fetchCommit = async (jobId: string, token: string, commit: string) => {
    const dir = await fs.mkdtemp(path.join(tmp, 'clone-'));
    await run('git', ['init', '-q', '--bare', dir]);
    return run('git', ['--git-dir', dir, '-c', `http.extraHeader=Authorization: Bearer ${token}`, 'fetch', '-q', '--depth=1', `${server.baseUrl}/api/workers/git/${jobId}`, commit], { env: { PATH: process.env.PATH!, HOME: tmp, GIT_TERMINAL_PROMPT: '0' } })
      .then(async () => (await run('git', ['--git-dir', dir, 'cat-file', '-t', commit])).stdout.trim())
      .catch((err: { stderr?: string }) => `failed: ${err.stderr ?? ''}`);
  };

  it('a job token fetches its commit; another project\'s job, or its commit through this job, is refused', async () => {
    const mine = await job(projectId);
    const claim = await worker.post(`workers/jobs/${mine.id}/claim`, {});
    expectOk(claim);
    const token: string = claim.body.jobToken;
    expect(token).toMatch(/^swj_/);
    expect(await fetchCommit(mine.id, token, mine.commit)).toBe('commit');

    // The other project's job: the worker token cannot claim it, and this job token does not open it.
    const theirs = await job(otherProject);
    expect((await worker.post(`workers/jobs/${theirs.id}/claim`, {})).status).toBe(403);
    expect(await fetchCommit(theirs.id, token, theirs.commit)).toMatch(/^failed/);
    // Their commit is not in this project's repository.
    expect(await fetchCommit(mine.id, token, theirs.commit)).toMatch(/^failed/);
    const refs = await new ApiClient(server.baseUrl, token).get(`workers/git/${theirs.id}/info/refs?service=git-upload-pack`);
    expect(refs.status).toBe(401);
  });

  it('refuses pushes, sessions, worker tokens and finished jobs', async () => {
    const mine = await job(projectId);
    const claim = await worker.post(`workers/jobs/${mine.id}/claim`, {});
    const jobApi = new ApiClient(server.baseUrl, claim.body.jobToken);
    expect((await jobApi.get(`workers/git/${mine.id}/info/refs?service=git-receive-pack`)).status).toBe(403);
    expect((await jobApi.post(`workers/git/${mine.id}/git-receive-pack`, {})).status).toBe(403);
    expect((await worker.get(`workers/git/${mine.id}/info/refs?service=git-upload-pack`)).status).toBe(401);
    expect((await jobApi.post(`workers/jobs/${mine.id}/events`, { events: [{ type: 'bogus' }] })).status).toBe(400);
    // Claimed again (a retry): the first token stops working.
    const again = await worker.post(`workers/jobs/${mine.id}/claim`, {});
    expectOk(again);
    expect((await jobApi.post(`workers/jobs/${mine.id}/events`, { events: [] })).status).toBe(401);
    const res = await fetch(`${server.baseUrl}/api/workers/jobs/${mine.id}/result?exitCode=0`, { method: 'POST', headers: { authorization: `Bearer ${again.body.jobToken}`, 'content-type': 'application/x-ndjson' }, body: '' });
    expect(res.status).toBe(200);
    // Finished: the token expires with the job.
    expect(await fetchCommit(mine.id, again.body.jobToken, mine.commit)).toMatch(/^failed/);
    expect((await worker.post(`workers/jobs/${mine.id}/claim`, {})).status).toBe(409);
  });
});
