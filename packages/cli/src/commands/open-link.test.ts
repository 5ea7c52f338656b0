import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../apps/server/src/test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../../../../apps/server/src/test/factories.ts';
import { CHECKOUT_MARKER, vscodeUrl } from '../links/open-workspace.ts';
import { CLI_BIN } from './register-protocol.ts';

/**
 * `stepwise open-link` as the link handler starts it, against a real server and its demo project:
 * links of servers not trusted are refused, execute runs the one scenario named and uploads the run,
 * open_vscode downloads the branch and shows where it is, ai_learn/apitest point to the web app.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let server: TestServer;
let alice: TestUser;
let project: string;
let key: string;
let home: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server.baseUrl);
  project = await createProject(alice, { name: 'Linked shop', demo: true });
  key = (await createAccessKey(alice, project, 'Stepwise client')).token;
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-link-home-'));
});

afterAll(async () => {
  await server?.close();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

function openLink(url: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI_BIN, 'open-link', '--hold', url],
      { env: { PATH: process.env.PATH ?? '', HOME: home, DISPLAY: '', CHROMIUM_PATH: CHROMIUM, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const link = (mode: string, params: Record<string, string>) => `stepwise://${mode}?${new URLSearchParams(params)}`;

describe('stepwise open-link', () => {
  it('refuses a link of a server this computer does not trust, and follows it once the server is registered', async () => {
    const url = link('apitest', { project_id: project, server: server.baseUrl });
    const refused = await openLink(url);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain(`This link comes from ${server.baseUrl}, a server this computer does not follow links of yet.`);
    expect(refused.stderr).toContain(`Links of ${server.baseUrl} are not followed: run \`stepwise register-protocol --server ${server.baseUrl}\` to trust it`);

    fs.mkdirSync(path.join(home, '.stepwise'), { recursive: true });
    fs.writeFileSync(path.join(home, '.stepwise', 'trusted-servers.json'), JSON.stringify({ servers: [server.baseUrl] }));
    const followed = await openLink(url);
    expect(followed.code, followed.stderr).toBe(0);
    expect(followed.stdout).toContain('API tests ("apitest" links) are done in the web app');
    expect(followed.stdout).toContain(`Open ${server.baseUrl}/${project}/features`);
  });

  it('says what is missing from a link and never prints its access key', async () => {
    const res = await openLink(link('recorder', { project_id: project, server: server.baseUrl, access_key: key }));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('The link names no environment (env_name): choose one in the web app first');
    expect(res.stdout).toContain('access_key=***');
    expect(res.stdout + res.stderr).not.toContain(key);
    const bad = await openLink('stepwise://delete_everything?project_id=x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown link mode "delete_everything"');
  });

  // The server is trusted from the first test on.
  it.runIf(fs.existsSync(CHROMIUM))('execute runs the one scenario the link names, with the key it carries, and uploads the run', async () => {
    const res = await openLink(
      link('execute', {
        project_id: project,
        git_branch: 'main',
        env_name: 'environments/demo.json',
        feature_file: 'features/account/login.feature',
        scenario_name: 'Log in with the demo account',
        access_key: key,
        server: server.baseUrl,
      }),
    );
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain('Running "Log in with the demo account" of features/account/login.feature on demo...');
    expect(res.stdout).toContain('[1/1] ✓ Login > Log in with the demo account');
    expect(res.stdout).toContain('1 scenario: 1 passed, 0 failed');
    expect(res.stdout).toMatch(/Report uploaded: \S+\/run-report\//);
    const runs = await server.ctx.db.selectFrom('runs').selectAll().where('project_id', '=', project).execute();
    expect(runs.map((r) => [r.status, r.total_scenarios, r.environment])).toEqual([['Passed', 1, 'demo']]);
  }, 120_000);

  it('open_vscode downloads the branch once, then reuses the copy, and names the file when VS Code is not installed', async () => {
    const workspaces = path.join(home, 'workspaces');
    const url = link('open_vscode', { project_id: project, git_branch: 'main', file_path: 'features/search.feature', access_key: key, server: server.baseUrl });
    // A PATH with tar (to unpack the branch) and no `code`.
    const bin = path.join(home, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(execFileSync('sh', ['-c', 'command -v tar']).toString().trim(), path.join(bin, 'tar'));
    const env = { STEPWISE_WORKSPACES: workspaces, PATH: bin };
    const first = await openLink(url, env);
    expect(first.code, first.stderr).toBe(0);
    const dir = path.join(workspaces, project, 'main');
    expect(first.stdout).toContain(`Downloading main of ${project} from ${server.baseUrl} into ${dir}...`);
    expect(first.stdout).toContain('the server offers no Git clone');
    expect(first.stdout).toContain(`VS Code (the \`code\` command) is not installed: open ${path.join(dir, 'features', 'search.feature')} in your editor.`);
    expect(fs.readFileSync(path.join(dir, 'features', 'search.feature'), 'utf8')).toContain('Feature:');
    expect(JSON.parse(fs.readFileSync(path.join(dir, CHECKOUT_MARKER), 'utf8'))).toMatchObject({ projectId: project, branch: 'main', server: server.baseUrl });

    // A second link reuses the copy (local edits are kept), even without a key.
    fs.appendFileSync(path.join(dir, 'features', 'search.feature'), '\n# my edit\n');
    const again = await openLink(link('open_vscode', { project_id: project, server: server.baseUrl }), env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Local copy of main: ${dir} (downloaded `);
    expect(fs.readFileSync(path.join(dir, 'features', 'search.feature'), 'utf8')).toContain('# my edit');
  });

  it('vscode:// URLs of POSIX and Windows paths', () => {
    expect(vscodeUrl('/home/ada/stepwise/p 1/main/steps/a#b.mjs')).toBe('vscode://file/home/ada/stepwise/p%201/main/steps/a%23b.mjs');
    expect(vscodeUrl('C:\\Users\\ada\\stepwise\\p1\\main')).toBe('vscode://file/C:/Users/ada/stepwise/p1/main');
  });
});
