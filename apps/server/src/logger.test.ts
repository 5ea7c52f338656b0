import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from './test/factories.ts';
import { expectOk } from './test/assertions.ts';
import { sealRows } from './test-data/test-data-file.ts';

/**
 * What the server's own log keeps of a request and of the secrets it handled: request lines without
 * their query or an upload link's token, and no secret the server opened, in any form, in a logged
 * error or object.
 */
let server: TestServer;
let admin: TestUser;
let projectId: string;
const lines: string[] = [];
const logged = () => lines.join('');

const SECRET = 'L0g-secret/Value+42';
const b64 = (s: string) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, {}, { logTo: { write: (line: string) => void lines.push(line) } });
  admin = await signUpUser(server.baseUrl);
  projectId = await createProject(admin, { name: 'Logged shop' });
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Ada', email: admin.email }, 'test data', async () => [
    { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: 'https://shop.example' }) },
    { path: 'data/test-data.json', content: sealRows([{ key: 'password', value: SECRET, DataType: 'secret', environment: '*' }], server.ctx.secrets) },
  ]);
});
afterAll(() => server.close());

const requestUrls = () =>
  lines
    .map((l) => JSON.parse(l) as { req?: { url?: string } })
    .map((l) => l.req?.url)
    .filter((u): u is string => !!u);

describe('request lines', () => {
  it('show the path without its query', async () => {
    const res = await admin.api.get(`auth/getProject?project_id=${projectId}&access_token=query-token-123`);
    expectOk(res);
    expect(requestUrls()).toContain('/api/auth/getProject');
    expect(requestUrls().some((u) => u.includes('?'))).toBe(false);
    expect(logged()).not.toContain('query-token-123');
  });

  it('show an upload link without its token', async () => {
    const link = await admin.api.post('runs/generate-file-upload-url', { projectId, fileName: 'report.zip' });
    expectOk(link);
    const token = (link.body.url as string).split('/').pop()!;
    const put = await fetch(`${server.baseUrl}${link.body.url}`, { method: 'PUT', body: 'zip bytes' });
    expect(put.status).toBe(200);
    expect(requestUrls()).toContain('/api/runs/upload/[redacted]');
    expect(logged()).not.toContain(token);
  });

  it('carry the request id, the user and the trace headers the client sent, the same on every line of a request', async () => {
    const before = lines.length;
    const res = await fetch(`${server.baseUrl}/api/auth/getProject?project_id=${projectId}`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-trace-id': 'trace-77', 'x-session-id': 'tab-3' },
    });
    expect(res.status).toBe(200);
    const entries = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    const completed = entries.find((e) => e.msg === 'request completed');
    expect(completed).toMatchObject({ userId: admin.userId, traceId: 'trace-77', clientSessionId: 'tab-3' });
    const incoming = entries.find((e) => e.msg === 'incoming request' && e.reqId === completed!.reqId);
    expect(incoming).toBeDefined();
    expect(entries.filter((e) => e.msg === 'incoming request' && (e.req as { url?: string }).url === '/api/auth/getProject').length).toBe(1);
  });
});

describe('secrets the server opened', () => {
  it('are replaced in logged errors and objects, in their encodings too', async () => {
    // The command-line client's run context opens the project's secret test data.
    const key = await createAccessKey(admin, projectId);
    expectOk(await admin.api.withToken(key.token).post('cli/run-context', { projectId, branch: 'main' }));
    expect(logged()).not.toContain(SECRET);

    const before = lines.length;
    const cause = new Error(`upstream said: bad credentials ${JSON.stringify({ password: SECRET })}`);
    const err = Object.assign(new Error(`GET https://shop.example/login?password=${encodeURIComponent(SECRET)} failed`, { cause }), {
      headers: { authorization: `Basic ${b64(`ci:${SECRET}`)}` },
    });
    server.ctx.log.error({ err, detail: [`token ${b64(SECRET)}`, { hex: Buffer.from(SECRET).toString('hex') }] }, `the run failed with ${SECRET}`);
    const line = lines.slice(before).join('');
    for (const form of [SECRET, encodeURIComponent(SECRET), b64(SECRET).replace(/=+$/, ''), Buffer.from(SECRET).toString('hex'), b64(`ci:${SECRET}`).slice(4, -4)]) {
      expect(line, form).not.toContain(form);
    }
    const entry = JSON.parse(line) as { msg: string; err: { message: string; stack: string; type: string }; detail: unknown };
    expect(entry.msg).toBe('the run failed with ***');
    // pino writes the cause's message after the error's.
    expect(entry.err).toMatchObject({ type: 'Error', message: 'GET https://shop.example/login?password=*** failed: upstream said: bad credentials {"password":"***"}' });
    expect(entry.err.stack).toContain('password=***');
    expect(entry.detail).toEqual(['token ***', { hex: '***' }]);
  });
});
