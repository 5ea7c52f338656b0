import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareWorkspace, runScenarios } from './index.ts';
import { CUCUMBER_PACKAGE_DIR } from './paths.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A local package the workspace depends on with a file: specifier (no registry needed). */
function helperPackage(): string {
  const dir = tmpDir('stepwise-helper-');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'stepwise-test-helper', version: '1.0.0', type: 'module', main: 'index.js' }));
  fs.writeFileSync(path.join(dir, 'index.js'), "export const greeting = 'Welcome';\n");
  return dir;
}

function workspaceWith(pkg: object | null, files: Record<string, string> = {}): string {
  const dir = tmpDir('stepwise-ws-');
  if (pkg) fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const cucumberIn = (dir: string) => fs.realpathSync(path.join(dir, 'node_modules', '@cucumber', 'cucumber'));

describe('prepareWorkspace', () => {
  it('links @cucumber/cucumber to the runner\'s own package when the workspace has no package.json', async () => {
    const dir = workspaceWith(null);
    await prepareWorkspace(dir);
    expect(cucumberIn(dir)).toBe(fs.realpathSync(CUCUMBER_PACKAGE_DIR));
    await prepareWorkspace(dir); // idempotent
    expect(cucumberIn(dir)).toBe(fs.realpathSync(CUCUMBER_PACKAGE_DIR));
  });

  it('replaces another copy of @cucumber/cucumber: the steps must register on the runner\'s instance', async () => {
    const dir = workspaceWith(null, { 'node_modules/@cucumber/cucumber/package.json': '{"name":"@cucumber/cucumber","version":"0.0.1"}' });
    await prepareWorkspace(dir);
    expect(cucumberIn(dir)).toBe(fs.realpathSync(CUCUMBER_PACKAGE_DIR));
  });

  it('installs package.json dependencies once per lockfile into the cache, then reuses them', async () => {
    const helper = helperPackage();
    const cache = tmpDir('stepwise-deps-');
    const pkg = { name: 'ws', private: true, dependencies: { 'stepwise-test-helper': `file:${helper}` } };
    const first = workspaceWith(pkg);
    await prepareWorkspace(first, { depsCacheDir: cache, npmrc: 'fund=false\n' });
    expect(fs.lstatSync(path.join(first, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(fs.realpathSync(path.join(first, 'node_modules', 'stepwise-test-helper'))).toBe(fs.realpathSync(helper));
    expect(cucumberIn(first)).toBe(fs.realpathSync(CUCUMBER_PACKAGE_DIR));
    expect(fs.readdirSync(cache)).toHaveLength(1);
    // Same package.json elsewhere: served from the cache (an npm that fails would be noticed).
    const second = workspaceWith(pkg);
    await prepareWorkspace(second, { depsCacheDir: cache, npm: '/bin/false' });
    expect(fs.realpathSync(path.join(second, 'node_modules'))).toBe(fs.realpathSync(path.join(first, 'node_modules')));
    // A different one installs again, and a failing install says so.
    const third = workspaceWith({ ...pkg, version: '2.0.0' });
    await expect(prepareWorkspace(third, { depsCacheDir: cache, npm: '/bin/false' })).rejects.toThrow(/Installing the workspace dependencies failed/);
  }, 120_000);
});

describe('a workspace with dependencies', () => {
  it('runs steps that import its packages and @cucumber/cucumber', async () => {
    const server = http.createServer((_req, res) => res.end('<h1>Welcome</h1>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const helper = helperPackage();
      const dir = workspaceWith(
        { name: 'ws', private: true, dependencies: { 'stepwise-test-helper': `file:${helper}` } },
        {
          'features/a.feature': 'Feature: A\n  Scenario: Greets\n    Given I open the "/" page\n    Then I see the helper greeting\n',
          'steps/greet.mjs': "import { Then } from '@cucumber/cucumber';\nimport { greeting } from 'stepwise-test-helper';\n" +
            "Then('I see the helper greeting', async function () { await this.page.getByText(greeting).waitFor(); });\n",
        },
      );
      const result = await runScenarios({
        workDir: dir,
        env: { name: 'test', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
        depsCacheDir: tmpDir('stepwise-deps-'),
        screenshots: 'off',
      });
      expect(result.report.errors).toEqual([]);
      expect(result.report.testCases.map((t) => t.result.status)).toEqual(['PASSED']);
      expect(result.report.testCases[0].steps[1].match).toBe('steps/greet.mjs:3');
    } finally {
      server.close();
    }
  }, 120_000);
});
