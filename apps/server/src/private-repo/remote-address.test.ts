import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { startGitHttpServer, type GitHttpTestServer } from './git-http-test-server.ts';
import { forbiddenAddressRule } from './remote-address.ts';
import { deleteOnRemote, fetchFromRemote, pushToRemote } from './remote-sync.ts';

const USERNAME = 'ci-bot';
const TOKEN = 'ghp_address_check_token_77';
const NOT_ALLOWED = 'private Git hosts are not allowed on this server (ALLOW_PRIVATE_GIT_HOSTS)';

/** The server as shipped: ALLOW_PRIVATE_GIT_HOSTS not set. */
let server: TestServer;
let remote: GitHttpTestServer;
let admin: TestUser;
let projectId: string;
let port: string;

beforeAll(async () => {
  server = await startTestServer();
  remote = await startGitHttpServer(USERNAME, TOKEN);
  remote.createRepo('shop');
  port = new URL(remote.baseUrl).port;
  admin = await signUpUser(server.baseUrl);
  projectId = await createProject(admin, { name: 'Address checks' });
});
afterAll(async () => {
  await remote?.close();
  await server?.close();
});

const projectRow = () => server.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('auth/addPrivateRepo on a server that does not allow private Git hosts', () => {
  const refused: Array<[string, () => string, string | RegExp]> = [
    ['the test remote on 127.0.0.1', () => `${remote.baseUrl}/shop.git`, '127.0.0.1 is a loopback address'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data.git', '169.254.169.254 is a cloud metadata address'],
    ['a private (RFC 1918) address', () => 'http://10.0.0.1/team/repo.git', '10.0.0.1 is a private (RFC 1918) address'],
    ['IPv6 loopback', () => `http://[::1]:${port}/shop.git`, '::1 is a loopback address'],
    ['a name resolving to loopback', () => `http://localhost:${port}/shop.git`, /^The repository address localhost resolves to (127\.0\.0\.1|::1), a loopback address; /],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/shop.git`, 'is a loopback address'],
    ['a link-local address', () => 'http://169.254.10.1/x.git', '169.254.10.1 is a link-local address'],
    ['carrier-grade NAT', () => 'https://100.64.1.2/x.git', '100.64.1.2 is a carrier-grade NAT (100.64.0.0/10) address'],
    ['unique-local IPv6', () => 'https://[fd12:3456::1]/x.git', 'fd12:3456::1 is a unique-local (fc00::/7) address'],
    ['the AWS IPv6 metadata address', () => 'http://[fd00:ec2::254]/x.git', 'fd00:ec2::254 is a cloud metadata address'],
    ['the unspecified address', () => `http://0.0.0.0:${port}/shop.git`, '0.0.0.0 is an unspecified address'],
    ['a multicast address', () => 'http://224.0.0.1/x.git', '224.0.0.1 is a multicast address'],
    ['the GCP metadata name', () => 'http://metadata.google.internal/computeMetadata/v1.git', 'metadata.google.internal is a cloud metadata address'],
  ];

  it.each(refused)('refuses %s with the rule named, before git runs, and stores nothing', async (_label, url, rule) => {
    const before = remote.seen.length;
    const res = await admin.api.post('auth/addPrivateRepo', { project_id: projectId, username: USERNAME, token: TOKEN, url: url() });
    expectError(res, 400, typeof rule === 'string' ? new RegExp(`^The repository address .*${escape(rule)}; ${escape(NOT_ALLOWED)}$`) : rule);
    expect(remote.seen.length).toBe(before);
    expect(await projectRow()).toMatchObject({ private_repo: false, configured_private_repo: false, private_repo_url: '', private_repo_token_enc: null });
  });

  it('still refuses other schemes and credentials in the URL as invalid', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x.git', 'https://user:pw@example.com/x.git']) {
      expectError(await admin.api.post('auth/addPrivateRepo', { project_id: projectId, username: USERNAME, token: TOKEN, url }), 400, WS_MSG.gitUrlInvalid);
    }
  });
});

describe('a stored remote that now leads to a private address', () => {
  it('is refused at each fetch, push and delete, and the workspace keeps working locally', async () => {
    // Stored while the name pointed elsewhere (or while private hosts were allowed).
    for (const [i, url] of [`${remote.baseUrl}/shop.git`, `http://localhost:${port}/shop.git`].entries()) {
      await server.ctx.db
        .updateTable('projects')
        .set({ private_repo: true, configured_private_repo: true, private_repo_url: url, private_repo_username: USERNAME, private_repo_token_enc: server.ctx.secrets.encrypt(TOKEN) })
        .where('id', '=', projectId)
        .execute();
      const before = remote.seen.length;
      const loopback = /^The repository address (127\.0\.0\.1 is|localhost resolves to \S+,) a loopback address; /;
      await expect(fetchFromRemote(server.ctx, projectId)).rejects.toThrow(loopback);
      await expect(pushToRemote(server.ctx, projectId, 'main')).rejects.toThrow(loopback);
      await expect(deleteOnRemote(server.ctx, projectId, 'main')).rejects.toThrow(loopback);
      expectOk(await admin.api.post('workspace/create-new-branch', { projectId, sourceBranch: 'main', newBranch: `local-${i}` }));
      expectOk(await admin.api.post('workspace/get-all-branches', { projectId }));
      expect(remote.seen.length).toBe(before);
    }
  });
});

describe('forbiddenAddressRule', () => {
  it('lets public unicast addresses through and names the rule of the others', () => {
    for (const ok of ['8.8.8.8', '140.82.112.3', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) expect(forbiddenAddressRule(ok)).toBeNull();
    expect(forbiddenAddressRule('127.255.0.1')).toBe('a loopback address');
    expect(forbiddenAddressRule('172.16.5.4')).toBe('a private (RFC 1918) address');
    expect(forbiddenAddressRule('192.168.0.10')).toBe('a private (RFC 1918) address');
    expect(forbiddenAddressRule('fe80::1')).toBe('a link-local address');
    expect(forbiddenAddressRule('::')).toBe('an unspecified address');
    expect(forbiddenAddressRule('ff02::1')).toBe('a multicast address');
    expect(forbiddenAddressRule('255.255.255.255')).toBe('a broadcast address');
    expect(forbiddenAddressRule('::ffff:10.1.2.3')).toBe('a private (RFC 1918) address');
    expect(forbiddenAddressRule('::ffff:169.254.169.254')).toBe('a cloud metadata address');
    // NAT64 and 6to4 reach the IPv4 address inside them.
    expect(forbiddenAddressRule('64:ff9b::a9fe:a9fe')).toBe('a cloud metadata address');
    expect(forbiddenAddressRule('2002:7f00:1::1')).toBe('a loopback address');
    expect(forbiddenAddressRule('192.0.2.1')).toBe('a reserved address (reserved)');
  });
});
