import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RUNS_MESSAGES, UPLOAD_MAX_BYTES, type RunReportDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { report, step, store, testCase } from './runs-fixtures.ts';
import { safeFileName, signUploadGrant, UPLOAD_KEY_PURPOSE } from './upload-url.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;
let outsidersProject: string;
let runId: string;
let tcId: string;
let outsidersRun: string;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Pictures' });
  await addMemberToProject(admin, member, projectId);
  outsidersProject = await createProject(outsider, { name: 'Outside' });
  const tc = testCase('Shot', 'PASSED', { steps: [step('I look', 'PASSED', { screenshotId: 'shot-1' })] });
  runId = (
    await store(server.ctx, projectId, report([tc]), {
      attachments: [
        { id: 'shot-1', mediaType: 'image/png', data: PNG },
        { id: 'page.html', mediaType: 'text/html', data: '<script>alert(1)</script>' },
      ],
    })
  ).runId;
  tcId = ((await admin.api.get(`runs/cucumber-runs/get?runId=${runId}`)).body.run as RunReportDto).report.testCases[0].id;
  outsidersRun = (await store(server.ctx, outsidersProject, report([testCase('Theirs', 'PASSED')]), { attachments: [{ id: 'their-shot', mediaType: 'image/png', data: PNG }] })).runId;
});
afterAll(() => server.close());

async function raw(path: string, token: string | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${server.baseUrl}/api/${path}`, { ...init, headers });
}
const errorOf = async (res: Response) => ({ status: res.status, body: await res.json() });

describe('screenshots', () => {
  it('serves a run’s screenshot as PNG bytes, cacheable for good', async () => {
    const res = await raw(`runs/screenshots/run/${projectId}/${runId}/shot-1`, member.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it('serves a test case’s screenshot by test case id, with or without the project id', async () => {
    for (const path of [`runs/screenshots/scenario/${tcId}/shot-1`, `runs/screenshots/scenario/${projectId}/${tcId}/shot-1`]) {
      const res = await raw(path, member.token);
      expect(res.status, path).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    }
  });

  it('answers 404 for a missing screenshot, a blob that is not an image, and a bad id', async () => {
    for (const path of [
      `runs/screenshots/run/${projectId}/${runId}/nope`, `runs/screenshots/run/${projectId}/${runId}/page.html`, `runs/screenshots/run/${projectId}/${runId}/bad%20id`,
      `runs/screenshots/run/${projectId}/nope/shot-1`, `runs/screenshots/scenario/nope/shot-1`, `runs/screenshots/scenario/${tcId}/page.html`,
      `runs/screenshots/scenario/${projectId}/nope/shot-1`,
    ]) {
      const res = await errorOf(await raw(path, member.token));
      expectError(res, 404, RUNS_MESSAGES.screenshotNotFound);
    }
  });

  it('is for members of the project only: 401 without a token, 403 otherwise; a key of the project passes', async () => {
    const paths = [`runs/screenshots/run/${projectId}/${runId}/shot-1`, `runs/screenshots/scenario/${tcId}/shot-1`, `runs/screenshots/scenario/${projectId}/${tcId}/shot-1`];
    const key = (await createAccessKey(admin, projectId)).token;
    const foreignKey = (await createAccessKey(outsider, outsidersProject)).token;
    for (const path of paths) {
      expectError(await errorOf(await raw(path, null)), 401, MSG.unauthorized);
      expectError(await errorOf(await raw(path, outsider.token)), 403, MSG.forbidden);
      expectError(await errorOf(await raw(path, foreignKey)), 403, MSG.forbidden);
      expect((await raw(path, key)).status).toBe(200);
    }
    // A member of one project cannot reach another project's screenshot through their own project id.
    expectError(await errorOf(await raw(`runs/screenshots/run/${projectId}/${outsidersRun}/their-shot`, member.token)), 404, RUNS_MESSAGES.screenshotNotFound);
    expectError(await errorOf(await raw(`runs/screenshots/run/${outsidersProject}/${outsidersRun}/their-shot`, member.token)), 403, MSG.forbidden);
    expect((await raw(`runs/screenshots/run/${outsidersProject}/${outsidersRun}/their-shot`, outsider.token)).status).toBe(200);
  });
});

describe('upload URLs', () => {
  const uploadUrl = (client: ApiClient, body: Record<string, unknown>) => client.post('runs/generate-file-upload-url', { projectId, ...body });
  const put = (url: string, body: string | Buffer, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { method: 'PUT', body, headers });

  it('signs a URL for 15 minutes; a PUT there without any token stores the file', async () => {
    const before = Date.now();
    const res = await uploadUrl(member.api, { fileName: '../../etc/My Report (1).zip', contentType: 'application/zip' });
    expectOk(res);
    expect(res.body.url).toMatch(/^\/api\/runs\/upload\/[\w-]+\.[\w-]+$/);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires - before).toBeGreaterThan(14.9 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 1000);
    const bytes = Buffer.from('PK\u0003\u0004 zipped bytes');
    const done = await put(res.body.url, bytes, { 'content-type': 'application/zip' });
    expect(done.status).toBe(200);
    const body = (await done.json()) as { key: string };
    expect(body).toEqual({ status: 'success', uploadId: res.body.uploadId, key: `uploads/${projectId}/${res.body.uploadId}/My_Report_1_.zip`, size: bytes.length });
    expect(await server.ctx.blobs.read(body.key)).toMatchObject({ mediaType: 'application/zip', bytes });
  });

  it('takes any content type, JSON too, as bytes', async () => {
    const res = await uploadUrl(member.api, { fileName: 'data.json' });
    const done = await put(res.body.url, '{"not":"parsed"}', { 'content-type': 'application/json' });
    expect(done.status).toBe(200);
    const { key } = (await done.json()) as { key: string };
    expect((await server.ctx.blobs.read(key))!.bytes.toString()).toBe('{"not":"parsed"}');
    expect((await server.ctx.blobs.read(key))!.mediaType).toBe('application/octet-stream');
  });

  it('refuses a forged or tampered URL with 403', async () => {
    const { url } = (await uploadUrl(member.api, { fileName: 'a.txt' })).body as { url: string };
    const token = url.split('/').pop()!;
    const [payload, signature] = token.split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...grant, p: outsidersProject })).toString('base64url');
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    // The same 32 bytes spelled another way: the last character's two unused bits set.
    const lastIndex = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(signature.at(-1)!);
    const respelled = signature.slice(0, -1) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[lastIndex | 1];
    const tampered = [
      `${payload}.${flip(signature[0])}${signature.slice(1)}`,
      `${payload}.${signature.slice(0, -1)}${flip(signature.at(-1)!)}`,
      `${payload}.${respelled}`,
      `${payload}.${signature}=`,
      `${payload}.${signature.slice(0, 20)}!${signature.slice(20)}`,
    ];
    for (const forged of [`${otherPayload}.${signature}`, ...tampered, `${payload}`, 'x.y', `${payload}.`]) {
      const res = await put(`/api/runs/upload/${forged}`, 'bytes');
      expectError(await errorOf(res), 403, RUNS_MESSAGES.uploadUrlInvalid);
    }
    // Signed with another key (another server's secret).
    const foreign = signUploadGrant(Buffer.alloc(32, 7), { ...toGrant(grant), expiresAt: Math.floor(Date.now() / 1000) + 600 });
    expectError(await errorOf(await put(`/api/runs/upload/${foreign}`, 'bytes')), 403, RUNS_MESSAGES.uploadUrlInvalid);
  });

  it('refuses an expired URL with 403', async () => {
    const key = server.ctx.secrets.deriveKey(UPLOAD_KEY_PURPOSE);
    const grant = { projectId, uploadId: 'u-expired', fileName: 'late.txt', contentType: 'text/plain', userId: member.userId };
    const expired = signUploadGrant(key, { ...grant, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expectError(await errorOf(await put(`/api/runs/upload/${expired}`, 'late')), 403, RUNS_MESSAGES.uploadUrlExpired);
    const valid = signUploadGrant(key, { ...grant, expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await put(`/api/runs/upload/${valid}`, 'in time')).status).toBe(200);
  });

  it('refuses a URL whose user is no longer a member', async () => {
    const leaver = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, leaver, projectId);
    const { url } = (await uploadUrl(leaver.api, { fileName: 'a.txt' })).body as { url: string };
    await server.ctx.db.deleteFrom('project_members').where('user_id', '=', leaver.userId).execute();
    expectError(await errorOf(await put(url, 'bytes')), 403, RUNS_MESSAGES.uploadUrlInvalid);
  });

  it('refuses a body declared above 100 MB with 413 before reading it', async () => {
    const { url } = (await uploadUrl(member.api, { fileName: 'big.bin' })).body as { url: string };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}${url}`, { method: 'PUT', headers: { 'content-length': String(UPLOAD_MAX_BYTES + 1), 'content-type': 'application/octet-stream' } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          // The rest of the declared body is never sent.
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ status: 'error', error: RUNS_MESSAGES.uploadTooLarge });
  });

  it('is asked for by members only', async () => {
    expectError(await uploadUrl(outsider.api, { fileName: 'a.txt' }), 403, MSG.forbidden);
    expectError(await uploadUrl(new ApiClient(server.baseUrl), { fileName: 'a.txt' }), 401);
    expectError(await uploadUrl(member.api, { fileName: '' }), 400);
  });

  it('makes file names safe', () => {
    expect(['a.txt', '../../x', '.hidden', 'C:\\dir\\win.txt', 'ünï cödé.png', '', '...', 'a'.repeat(300), 'x\u0000y'].map(safeFileName)).toEqual([
      'a.txt', 'x', 'hidden', 'win.txt', 'uni_code.png', 'file', 'file', 'a'.repeat(150), 'x_y',
    ]);
  });
});

function toGrant(g: { p: string; i: string; f: string; c: string; u: string }) {
  return { projectId: g.p, uploadId: g.i, fileName: g.f, contentType: g.c, userId: g.u };
}
