import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFileContent, envFilePath } from '../environments/environment-files.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { recorderClient, send, until, type RecorderClient } from './recorder-test-support.ts';
import { recorderSessions } from './recorder-sessions.ts';

/**
 * The run sandbox's escape checks, for what a recorder session can do: open addresses (the URL bar,
 * deep links) and run the pages' own scripts. Its browser must not reach a loopback port besides the
 * server's and the environment's, nor read the server's files (file: addresses of /etc/shadow and of
 * the data folder show nothing). The environment is an application of the test on a loopback port;
 * its page tries the ways out from inside the browser and posts what it got.
 */
const CANARY = `canary-${randomBytes(8).toString('hex')}`;

let server: TestServer;
let alice: TestUser;
let projectId: string;
let app: http.Server;
let appUrl: string;
let forbidden: net.Server;
let forbiddenPort: number;
let forbiddenHits = 0;
let canaryFile: string;
let reported: ((r: Record<string, string>) => void) | null = null;
let client: RecorderClient | null = null;

function page(): string {
  const tries = {
    otherPort: `http://127.0.0.1:${forbiddenPort}/`,
    otherPortByName: `http://localhost:${forbiddenPort}/`,
    shadow: 'file:///etc/shadow',
    dataFolder: `file://${canaryFile}`,
  };
  return `<!doctype html><html><head><title>Escape</title></head><body><h1>Escape</h1><script>
(async () => {
  const out = {};
  for (const [name, url] of Object.entries(${JSON.stringify(tries)})) {
    try { out[name] = 'reached: ' + (await (await fetch(url)).text()).slice(0, 200); } catch (e) { out[name] = 'blocked: ' + e.message; }
  }
  await fetch('/report', { method: 'POST', body: JSON.stringify(out) });
})();
</script></body></html>`;
}

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  canaryFile = path.join(server.ctx.config.dataDir, 'canary.html');
  await fs.writeFile(canaryFile, `<title>${CANARY}</title><p>${CANARY}</p>`);
  forbidden = net.createServer((s) => {
    forbiddenHits++;
    s.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nno');
  });
  await new Promise<void>((r) => forbidden.listen(0, '127.0.0.1', r));
  forbiddenPort = (forbidden.address() as net.AddressInfo).port;
  app = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/report') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        reported?.(JSON.parse(body));
        res.end('ok');
      });
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(page());
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appUrl = `http://127.0.0.1:${(app.address() as net.AddressInfo).port}/`;
  alice = await signUpUser(server.baseUrl);
  projectId = await createProject(alice, { name: 'Escape' });
  await server.ctx.workspaces.write(projectId, 'main', { name: 'T', email: alice.email }, 'the test application', async () => [
    { path: envFilePath('local'), content: envFileContent('local', appUrl) },
  ]);
});

afterAll(async () => {
  client?.close();
  await server?.close();
  app?.close();
  forbidden?.close();
});

describe('a recorder session in the run sandbox', () => {
  it('reaches only the allowed loopback ports and none of the server\'s files', async () => {
    // The checks below hold because the browser runs in bubblewrap with a network of its own.
    expect(server.ctx.sandbox.status).toMatchObject({ mode: 'bwrap', network: 'isolated' });
    const got = new Promise<Record<string, string>>((resolve) => (reported = resolve));
    const created = await alice.api.post('guac/create-RDP-connection-with-defaults', { project_id: projectId, env_name: 'local' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const results = await got;
    for (const [name, outcome] of Object.entries(results)) expect(outcome, name).toMatch(/^blocked: /);
    expect(JSON.stringify(results)).not.toContain(CANARY);

    client = await recorderClient(server, alice);
    expect(await client.join(created.body.session_id)).toMatchObject({ ok: true });
    // The URL bar: a port outside the allowed ones does not answer; file: addresses are not opened.
    const other = await send(client, 'recorder:command', { type: 'navigate', url: `http://127.0.0.1:${forbiddenPort}/` });
    expect(other.ok).toBe(false);
    for (const url of ['file:///etc/shadow', `file://${canaryFile}`, `file://${server.ctx.config.dataDir}/`]) {
      expect(await send(client, 'recorder:command', { type: 'navigate', url })).toMatchObject({ ok: false });
    }
    // The same addresses sent to the session's browser directly, past the socket's own check.
    const session = recorderSessions(server.ctx).owned(created.body.session_id, alice.userId)!;
    for (const url of [`file://${canaryFile}`, 'file:///etc/shadow']) await expect(session.command({ type: 'navigate', url })).rejects.toThrow();
    await expect(session.command({ type: 'assertText', text: CANARY })).rejects.toThrow();
    expect(session.title).not.toContain(CANARY);
    expect(forbiddenHits).toBe(0);

    // The application itself stays reachable.
    expect(await send(client, 'recorder:command', { type: 'navigate', url: appUrl })).toEqual({ ok: true });
    await until(() => client!.pages.some((p) => p.title === 'Escape'), 'the application page');
  }, 120_000);
});
