import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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
  // As the build writes them: each file beside its gzip and brotli forms (vite-plugin-compression2).
  const big = `console.log(${JSON.stringify('x'.repeat(5000))})`;
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js'), big);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(big));
  server = await startTestServer({}, { webDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const rawGet = (urlPath: string, headers: http.OutgoingHttpHeaders = {}) =>
  new Promise<{ status: number; type: string; encoding?: string; cache?: string; body: string; bytes: Buffer }>((resolve, reject) => {
    http.get(`${server.baseUrl}${urlPath}`, { path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), encoding: res.headers['content-encoding'], cache: res.headers['cache-control'], body: bytes.toString(), bytes });
      });
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

  it('lets the browser keep the hashed assets for good, and asks it to check the page itself every time', async () => {
    const forever = 'public, max-age=31536000, immutable';
    expect((await rawGet('/assets/app-1.js')).cache).toBe(forever);
    expect((await rawGet('/assets/big-1.js', { 'accept-encoding': 'br' })).cache).toBe(forever);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3.js'), 'console.log(3)');
    expect((await rawGet('/assets/app-3.js')).cache).toBe(forever);
    for (const page of ['/', '/index.html', '/p1/features', '/login']) {
      const res = await rawGet(page);
      expect(res.body, page).toContain('Stepwise SPA');
      expect(res.cache, page).toBe('no-cache');
    }
  });

  it('answers app routes with index.html, and never a file outside the build', async () => {
    expect((await rawGet('/p1/features?x=1')).body).toContain('Stepwise SPA');
    for (const evil of ['/../../../etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/hosts', '/%E0%A4%A.js']) {
      const res = await rawGet(evil);
      expect(res.body, evil).not.toMatch(/root:|localhost/);
      expect(res.status, evil).toBeLessThan(500);
    }
  });

  it('sends the precompressed form the browser accepts, and the plain file to one that accepts none', async () => {
    const big = fs.readFileSync(path.join(webDist, 'assets', 'big-1.js'), 'utf8');
    const br = await rawGet('/assets/big-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br).toMatchObject({ status: 200, encoding: 'br' });
    expect(br.type).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(big);
    const gzip = await rawGet('/assets/big-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(gzip.bytes.length).toBeLessThan(big.length / 10);
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(big);
    expect(await rawGet('/assets/big-1.js', { 'accept-encoding': 'identity' })).toMatchObject({ status: 200, encoding: undefined, body: big });
    // A file without compressed forms is sent as it is.
    expect(await rawGet('/assets/app-1.js', { 'accept-encoding': 'gzip, br' })).toMatchObject({ status: 200, encoding: undefined, body: 'console.log(1)' });
  });
});
