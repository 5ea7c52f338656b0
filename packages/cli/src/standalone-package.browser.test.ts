import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript of the repository's scripts, without types
import { packCli } from '../../../scripts/pack-cli.mjs';
import { startTestServer, type TestServer } from '../../../apps/server/src/test/test-server.ts';
import { createAccessKey, createProject, signUpUser } from '../../../apps/server/src/test/factories.ts';

/**
 * The command line as people outside the source install it: the server serves the package `npm start`
 * made (scripts/pack-cli.mjs), `npm install -g <server>/api/client/stepwise-cli.tgz` installs it (from
 * the npm registry, or npm's cache, for its dependencies), and the installed `stepwise` runs a
 * project's scenario in Chromium and uploads the report. Nothing of the source checkout is used by it.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skip = !fs.existsSync(CHROMIUM);

let server: TestServer;
let tmp: string;
let packageDir: string;

beforeAll(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-standalone-'));
  packageDir = path.join(tmp, 'served');
  fs.mkdirSync(packageDir);
  server = await startTestServer({ CLIENT_PACKAGE_DIR: packageDir });
});
afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Result {
  code: number;
  out: string;
}

function exec(file: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<Result> {
  // `#!/usr/bin/env node` finds the Node that runs the tests first.
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, ...opts.env };
  return new Promise((resolve) => {
    execFile(file, args, { cwd: opts.cwd ?? tmp, env, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe.skipIf(skip)('the command line installed on its own', () => {
  it('is served once made, installs with npm from the server, runs a scenario of a project and uploads its report', async () => {
    const url = `${server.baseUrl}/api/client/stepwise-cli.tgz`;
    const missing = await fetch(url);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/npm run pack:cli/);

    const packed = packCli(packageDir) as string;
    expect(path.basename(packed)).toMatch(/^stepwise-cli-\d+\.\d+\.\d+\.tgz$/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/gzip');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fs.readFileSync(packed));

    const prefix = path.join(tmp, 'global');
    const npm = await exec('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', url]);
    expect(npm.code, npm.out).toBe(0);
    const bin = path.join(prefix, 'bin', 'stepwise');
    const installed = fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'stepwise-cli'));
    // Compiled JavaScript only: Node does not strip the types of files under node_modules.
    const files = fs.readdirSync(installed, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('node_modules/@types') && !/node_modules\/(?!@stepwise)/.test(f))).toEqual([]);
    expect(files.some((f) => f.endsWith(path.join('@stepwise', 'runner', 'builtin', 'utils.mjs')))).toBe(true);

    const version = await exec(bin, ['--version']);
    expect(version).toEqual({ code: 0, out: '0.1.0\n' });

    const alice = await signUpUser(server.baseUrl);
    const project = await createProject(alice, { name: 'Installed', demo: true });
    const key = (await createAccessKey(alice, project)).token;
    const work = path.join(tmp, 'elsewhere');
    fs.mkdirSync(work);
    const run = await exec(bin, ['run', 'features/account/login.feature:10', '--project', project, '--env', 'demo', '--name', 'From the package', '--server', server.baseUrl], {
      cwd: work,
      env: { STEPWISE_TOKEN: key, CHROMIUM_PATH: CHROMIUM },
    });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/1 scenario: 1 passed, 0 failed/);
    expect(run.out).toMatch(/Report uploaded: /);
    const runs = await server.ctx.db.selectFrom('runs').select(['name', 'status']).where('project_id', '=', project).execute();
    expect(runs).toEqual([{ name: 'From the package', status: 'Passed' }]);

    const worker = await exec(bin, ['worker', '--token', 'sww_x', '--server', server.baseUrl]);
    expect(worker).toEqual({ code: 2, out: expect.stringContaining('`stepwise worker` runs the server\'s own code: run it from a copy of the Stepwise source') });

    const refused = await exec(bin, ['run', '--project', project, '--env', 'demo', '--server', server.baseUrl], { cwd: work, env: { STEPWISE_TOKEN: 'swk_wrong' } });
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('failed (401): Invalid access key');
  }, 300_000);
});
