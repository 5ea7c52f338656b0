import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { signUpUser } from '../test/factories.ts';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-headers-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stepwise</title><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'export {};');
  server = await startTestServer({}, { webDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The policy as directive -> sources. */
function policy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  it('give the web app a policy without inline scripts, and refuse framing', async () => {
    for (const url of ['/', '/some-project/dashboard', '/assets/app.js']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      const csp = policy(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('give API answers the headers that guard data, a policy under which nothing loads, and no caching', async () => {
    const user = await signUpUser(server.baseUrl);
    for (const [url, token, status] of [['/api/config', null, 200], ['/api/auth/getProjects', user.token, 200], ['/api/auth/getProjects', null, 401], ['/api/no-such-route', null, 404]] as const) {
      const res = await fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status).toBe(status);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-powered-by')).toBeNull();
      // The headers that only documents use are not sent with data.
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
        expect(res.headers.get(name), `${url}: ${name}`).toBeNull();
      }
      const csp = policy(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), `${url} ${status}`).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.has('sandbox')).toBe(true);
    }
  });

  it('give the demo shop a policy of its own files', async () => {
    for (const url of ['/demo-shop/', '/demo-shop/cart', '/demo-shop/assets/app.js', '/demo-shop/api/products', '/demo-shop-changed/', '/demo-shop-changed/cart']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expectCommonHeaders(res);
      const csp = policy(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    }
  });

  it('send HSTS, upgrade-insecure-requests and the public websocket origin only when PUBLIC_URL is https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://stepwise.example.com' }, { webDist });
    const plain = await startTestServer({ PUBLIC_URL: 'http://stepwise.internal:3000' }, { webDist });
    try {
      for (const url of ['/', '/api/config', '/api/no-such-route', '/demo-shop/', '/demo-shop-changed/']) {
        const res = await fetch(`${secure.baseUrl}${url}`);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
        expect((await fetch(`${plain.baseUrl}${url}`)).headers.get('strict-transport-security')).toBeNull();
      }
      const html = policy((await fetch(`${secure.baseUrl}/`)).headers.get('content-security-policy'));
      expect(html.get('connect-src')).toEqual(["'self'", 'https://stepwise.example.com', 'wss://stepwise.example.com']);
      expect(html.has('upgrade-insecure-requests')).toBe(true);
      const plainHtml = policy((await fetch(`${plain.baseUrl}/`)).headers.get('content-security-policy'));
      expect(plainHtml.get('connect-src')).toEqual(["'self'", 'http://stepwise.internal:3000', 'ws://stepwise.internal:3000']);
      expect(plainHtml.has('upgrade-insecure-requests')).toBe(false);
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});
