import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { hashToken } from '../security/tokens.ts';
import { GuardedCache } from './guarded-cache.ts';
import { serverDb } from '../test/direct-writes.ts';

/**
 * The API caches on one real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): what a write
 * changes is answered at once (logout, member removal, a run uploaded, a feature saved, a selection),
 * answers go out compressed as browsers ask, and what is changed behind the server's back (no
 * invalidation) is read again within API_CACHE_TTL_SECONDS.
 */
const JUNIT = (name: string) => `<testsuite name="${name}"><testcase classname="shop" name="${name} case"/></testsuite>`;

async function uploadRun(server: TestServer, user: TestUser, projectId: string, name: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${projectId}&name=${encodeURIComponent(name)}&branch=main`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/xml' },
    body: JUNIT(name),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
const runsList = (user: TestUser, projectId: string) => user.api.post('runs/project/getDetails', { projectId, limit: 20 });
const tree = (user: TestUser, projectId: string) => user.api.post('workspace/get-feature-list', { projectId, branch: 'main', compact: true });
const featureNames = (body: { foldersAndFeatures: Array<{ name: string }> }) => body.foldersAndFeatures.map((n) => n.name);

describe('API caches on one server', () => {
  let server: TestServer;
  let admin: TestUser;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server.baseUrl);
    projectId = await createProject(admin);
  });
  afterAll(() => server?.close());

  it('a logged-out session is refused at once although it was cached', async () => {
    const user = await signUpUser(server.baseUrl);
    expectOk(await user.api.get('auth/getNonIamUserByToken'));
    expectOk(await user.api.get('auth/getNonIamUserByToken'));
    expect(server.ctx.caches.sessions.size).toBeGreaterThan(0);
    expectOk(await user.api.post('auth/logout'));
    expect((await user.api.get('auth/getNonIamUserByToken')).status).toBe(401);
  });

  it('a change of the user is seen on the next call (their cached session is dropped)', async () => {
    const user = await signUpUser(server.baseUrl, { firstname: 'Old' });
    expect((await user.api.get('auth/getNonIamUserByToken')).body.user.firstname).toBe('Old');
    expectOk(await user.api.post('auth/signup', { firstname: 'New', lastname: 'Name' }));
    expect((await user.api.get('auth/getNonIamUserByToken')).body.user.firstname).toBe('New');
  });

  it('a removed member gets 403 at once; the access key they own stops working too', async () => {
    const member = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, member, projectId);
    const key = await createAccessKey(member, projectId);
    const viaKey = member.api.withToken(key.token);
    expectOk(await runsList(member, projectId));
    expectOk(await tree(member, projectId));
    expectOk(await viaKey.post('runs/project/getDetails', { projectId }));
    expectOk(await admin.api.delete('auth/remove-member-or-invitation', { project_id: projectId, user_id_to_remove: member.userId, user_email_to_remove: member.email, status: 'member' }));
    expect((await runsList(member, projectId)).status).toBe(403);
    expect((await tree(member, projectId)).status).toBe(403);
    expect((await viaKey.post('runs/project/getDetails', { projectId })).status).toBe(401);
  });

  it('a deleted access key is refused at once', async () => {
    const key = await createAccessKey(admin, projectId, 'short-lived');
    const viaKey = admin.api.withToken(key.token);
    expectOk(await viaKey.post('runs/project/getDetails', { projectId }));
    expectOk(await admin.api.delete('auth/deleteAccessKey', { id: key.id }));
    expect((await viaKey.post('runs/project/getDetails', { projectId })).status).toBe(401);
  });

  it('the runs list shows an uploaded run on the next call, and is the same answer for every member', async () => {
    const before = await runsList(admin, projectId);
    expectOk(before);
    expect((await runsList(admin, projectId)).body).toEqual(before.body);
    await uploadRun(server, admin, projectId, 'Fresh run');
    const after = await runsList(admin, projectId);
    expect(after.body.projectSummary.stats.total).toBe(before.body.projectSummary.stats.total + 1);
    expect(after.body.projectSummary.reports[0].name).toBe('Fresh run');
  });

  it('the features tree shows a saved feature on the next call; each member gets their own selection', async () => {
    const other = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, other, projectId);
    const first = await tree(admin, projectId);
    expectOk(first);
    expect(featureNames(first.body)).not.toContain('checkout.feature');
    expectOk(await admin.api.post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'checkout.feature', content: 'Feature: Checkout\n\n  Scenario: Pay\n    Given I open the "/" page\n' } }));
    const second = await tree(admin, projectId);
    expect(featureNames(second.body)).toContain('checkout.feature');
    expect(second.body.commit).not.toBe(first.body.commit);

    expectOk(await admin.api.post('workspace/updateLastActiveWorkspace', { projectId, branch: 'main', lastActiveFeature: 'checkout.feature', lastActiveFolder: 'features' }));
    expect((await tree(admin, projectId)).body.lastActiveFeature).toBe('checkout.feature');
    expect((await tree(other, projectId)).body.lastActiveFeature).toBe(null);
  });

  it('answers go out compressed when the client accepts it: br, else gzip, else as they are', async () => {
    // Both answers over 1 KB (smaller ones go out as they are).
    const scenarios = Array.from({ length: 30 }, (_, i) => `  Scenario: Search ${i}\n    Given I open the "/search?q=${i}" page\n`).join('\n');
    expectOk(await admin.api.post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'search.feature', content: `Feature: Search\n\n${scenarios}` } }));
    for (let i = 0; i < 5; i++) await uploadRun(server, admin, projectId, `Run ${i}`);
    for (const [path, body] of [['workspace/get-feature-list', { projectId, branch: 'main', compact: true }], ['runs/project/getDetails', { projectId, limit: 20 }]] as const) {
      const send = (encoding: string) =>
        fetch(`${server.baseUrl}/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'accept-encoding': encoding }, body: JSON.stringify(body) });
      const plain = await send('identity');
      expect(plain.headers.get('content-encoding')).toBe(null);
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(1024);
      // node:http keeps the bytes as sent (fetch would decode them).
      const raw = async (encoding: string) => {
        const http = await import('node:http');
        return new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
          const req = http.request(`${server.baseUrl}/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
          });
          req.on('error', reject);
          req.end(JSON.stringify(body));
        });
      };
      const br = await raw('gzip, deflate, br, zstd');
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.bytes).toString()).toBe(text);
      const gz = await raw('gzip;q=1, br;q=0');
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.bytes).toString()).toBe(text);
    }
  });
});

describe('API caches: the TTL bound', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_CACHE_TTL_SECONDS: '1' });
  });
  afterAll(() => server?.close());

  it('a session revoked behind the server\'s back (no invalidation) is refused within API_CACHE_TTL_SECONDS, and a user change seen', async () => {
    const user = await signUpUser(server.baseUrl, { firstname: 'Before' });
    expectOk(await user.api.get('auth/getNonIamUserByToken'));
    // The server's own handle: a test's (server.ctx.db) would empty the caches (test/direct-writes.ts).
    await serverDb(server.ctx).updateTable('users').set({ firstname: 'After' }).where('id', '=', user.userId).execute();
    await serverDb(server.ctx).updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(user.token)).execute();
    // Still the cached session (this is the bound, not a refusal at once)...
    const cached = await user.api.get('auth/getNonIamUserByToken');
    expect(cached.status).toBe(200);
    expect(cached.body.user.firstname).toBe('Before');
    // ...and no longer after the TTL.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await user.api.get('auth/getNonIamUserByToken')).status).toBe(401);
  });

  it('an entry never outlives its session', async () => {
    const user = await signUpUser(server.baseUrl);
    await serverDb(server.ctx).updateTable('sessions').set({ expires_at: new Date(Date.now() + 300) }).where('token_hash', '=', hashToken(user.token)).execute();
    expectOk(await user.api.get('auth/getNonIamUserByToken'));
    await new Promise((r) => setTimeout(r, 400));
    expect((await user.api.get('auth/getNonIamUserByToken')).status).toBe(401);
  });
});

describe('GuardedCache', () => {
  it('keeps nothing a load read while an invalidation was applied', async () => {
    const cache = new GuardedCache<string, { v: number }>({ max: 10, ttlMs: 10_000, usable: () => true });
    let release!: () => void;
    const slow = cache.load('k', async () => {
      await new Promise<void>((r) => (release = r));
      return { v: 1 };
    });
    await new Promise((r) => setTimeout(r, 0));
    cache.drop(() => true);
    release();
    expect(await slow).toEqual({ v: 1 });
    expect(cache.size).toBe(0);
    expect(await cache.load('k', async () => ({ v: 2 }))).toEqual({ v: 2 });
    expect(await cache.load('k', async () => ({ v: 3 }))).toEqual({ v: 2 });
  });

  it('concurrent misses of one key share one read, unless an invalidation came between them', async () => {
    const cache = new GuardedCache<string, { v: number }>({ max: 10, ttlMs: 10_000, usable: () => true });
    let reads = 0;
    const read = async () => {
      const n = ++reads;
      await new Promise((r) => setTimeout(r, 20));
      return { v: n };
    };
    const first = await Promise.all(Array.from({ length: 50 }, () => cache.load('k', read)));
    expect(reads).toBe(1);
    expect(new Set(first.map((x) => x?.v))).toEqual(new Set([1]));
    cache.drop(() => true);
    const before = cache.load('k', read);
    cache.drop(() => true);
    const after = cache.load('k', read);
    expect((await before)?.v).toBe(2);
    expect((await after)?.v).toBe(3);
  });

  it('is neither read nor filled while its channel is down', async () => {
    let up = false;
    const cache = new GuardedCache<string, { v: number }>({ max: 10, ttlMs: 10_000, usable: () => up });
    expect(await cache.load('k', async () => ({ v: 1 }))).toEqual({ v: 1 });
    expect(cache.size).toBe(0);
    up = true;
    await cache.load('k', async () => ({ v: 2 }));
    up = false;
    expect(await cache.load('k', async () => ({ v: 3 }))).toEqual({ v: 3 });
  });
});
