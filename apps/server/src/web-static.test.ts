import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/test-server.ts';

/** The built web app: its files, files written after the start (a rebuild), the SPA fallback, and nothing outside it. */
let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-web-static-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stepwise SPA</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  server = await startTestServer({}, { webDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const rawGet = (urlPath: string) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    http.get(`${server.baseUrl}${urlPath}`, { path: urlPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    }).on('error', reject);
  });

describe('the built web app', () => {
  it('serves its files, and files a rebuild wrote after the start', async () => {
    expect(await rawGet('/assets/app-1.js')).toMatchObject({ status: 200, body: 'console.log(1)' });
    fs.writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    const fresh = await rawGet('/assets/app-2.js');
    expect(fresh).toMatchObject({ status: 200, body: 'console.log(2)' });
    expect(fresh.type).toMatch(/javascript/);
  });

  it('answers app routes with index.html, and never a file outside the build', async () => {
    expect((await rawGet('/p1/features?x=1')).body).toContain('Stepwise SPA');
    for (const evil of ['/../../../etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/hosts', '/%E0%A4%A.js']) {
      const res = await rawGet(evil);
      expect(res.body, evil).not.toMatch(/root:|localhost/);
      expect(res.status, evil).toBeLessThan(500);
    }
  });
});
