import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { BUILTIN_LIBRARY_PATH } from '../steps/builtin-library.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { DEMO_ENV_NAME } from './demo-seed.ts';

/**
 * Every scenario seeded into a new demo project passes against the demo shop served by the same
 * server: the features and steps are read back from the project's workspace, the environment's
 * base URL is the one seeded, and cucumber-js runs them with the built-in step library in Chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WORLD = fileURLToPath(new URL('./test-support/world.mjs', import.meta.url));

interface TreeNode {
  path: string;
  isFolder: boolean;
  content?: string;
  children?: TreeNode[];
}

let server: TestServer;
let runDir: string;

beforeAll(async () => {
  server = await startTestServer();
  // Under the repository's node_modules so that the project's steps files resolve '@cucumber/cucumber'.
  const cache = path.join(REPO_ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  runDir = fs.mkdtempSync(path.join(cache, 'stepwise-demo-run-'));
});
afterAll(async () => {
  await server?.close();
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
});

describe.skipIf(!fs.existsSync(CHROMIUM))('the demo features against the demo shop', () => {
  it('pass, every scenario, with the built-in step library in Chromium', { timeout: 180_000 }, async () => {
    const user = await signUpUser(server.baseUrl);
    const projectId = await createProject(user, { name: 'Demo Shop', demo: true });

    // The project's features, through the API the Features page uses.
    const list = await user.api.post('workspace/get-feature-list', { projectId, branch: 'main' });
    expectOk(list);
    const features = (function flatten(nodes: TreeNode[]): TreeNode[] {
      return nodes.flatMap((n) => (n.isFolder ? flatten(n.children ?? []) : [n]));
    })(list.body.foldersAndFeatures);
    expect(features.length).toBeGreaterThanOrEqual(3);
    for (const f of features) writeFile(path.join('features', f.path), f.content ?? '');

    // The project's own steps (steps/*.mjs), loaded after the built-in library as the runner does.
    const repo = server.ctx.workspaces.repo(projectId);
    const head = (await repo.branchHead('main'))!;
    const stepEntries = (await repo.lsTree(head, 'steps')).filter((e) => e.path.endsWith('.mjs'));
    const blobs = await repo.readBlobs(stepEntries.map((e) => e.oid));
    const stepFiles = stepEntries.map((e) => writeFile(e.path, blobs.get(e.oid) ?? ''));

    const envs = await user.api.post('workspace/get-env-list', { projectId, branch: 'main' });
    expectOk(envs);
    const env = envs.body.allEnv.find((e: { name: string }) => e.name === DEMO_ENV_NAME);
    expect(env?.baseUrl).toMatch(/\/demo-shop\/$/);

    const { statuses, output, success } = await runFeatures(stepFiles, { name: env.name, baseUrl: env.baseUrl });
    const failed = statuses.filter((s) => s.status !== 'PASSED');
    expect(failed, `${JSON.stringify(failed, null, 2)}\n${output}`).toEqual([]);
    expect(success).toBe(true);
    expect(statuses.map((s) => `${s.uri.replace(/^features\//, '')}: ${s.name}`).sort()).toEqual([
      'account/login.feature: A wrong password is refused',
      'account/login.feature: Log in with the demo account',
      'account/login.feature: Log out',
      'search.feature: Search for "backpack"',
      'search.feature: Search for "coffee"',
      'search.feature: Search for "umbrella"',
      'shopping/cart.feature: Add a product to the cart from its page',
      'shopping/cart.feature: Change the quantity of a product in the cart',
      'shopping/cart.feature: Remove a product from the cart',
      'shopping/cart.feature: The home page lists the products with their prices',
      'shopping/checkout.feature: Place an order with express shipping',
      'shopping/checkout.feature: The checkout form tells what is missing',
    ]);
  });
});

function writeFile(relative: string, content: string): string {
  const file = path.join(runDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

interface PickleStatus {
  uri: string;
  name: string;
  status: string;
  message?: string;
}

/** Runs the features of runDir in-process; the status of each pickle is its worst step's. */
async function runFeatures(stepFiles: string[], env: { name: string; baseUrl: string }): Promise<{ statuses: PickleStatus[]; output: string; success: boolean }> {
  process.env.STEPWISE_FIND_TIMEOUT_MS = '10000';
  const stdout = new PassThrough();
  let output = '';
  stdout.on('data', (chunk) => (output += chunk));
  const environment = { cwd: runDir, stdout, stderr: stdout, env: process.env };
  const { runConfiguration } = await loadConfiguration(
    {
      file: false,
      provided: {
        paths: [path.join(runDir, 'features/**/*.feature')],
        import: [WORLD, BUILTIN_LIBRARY_PATH, ...stepFiles],
        format: ['summary'],
        worldParameters: { env, testData: {} },
        strict: true,
      },
    },
    environment,
  );

  const pickles = new Map<string, { uri: string; name: string }>();
  const pickleOfCase = new Map<string, string>();
  const caseOfStart = new Map<string, string>();
  const results = new Map<string, PickleStatus>();
  const rank = ['PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'UNKNOWN', 'FAILED'];
  const onMessage = (m: Envelope) => {
    if (m.pickle) pickles.set(m.pickle.id, { uri: m.pickle.uri, name: m.pickle.name });
    if (m.testCase) pickleOfCase.set(m.testCase.id, m.testCase.pickleId);
    if (m.testCaseStarted) caseOfStart.set(m.testCaseStarted.id, m.testCaseStarted.testCaseId);
    if (m.testStepFinished) {
      const pickleId = pickleOfCase.get(caseOfStart.get(m.testStepFinished.testCaseStartedId) ?? '') ?? '';
      const pickle = pickles.get(pickleId) ?? { uri: '?', name: pickleId };
      const { status, message } = m.testStepFinished.testStepResult;
      const current = results.get(pickleId);
      if (!current || rank.indexOf(status) > rank.indexOf(current.status)) results.set(pickleId, { ...pickle, status, ...(message ? { message } : {}) });
    }
  };
  const { success } = await runCucumber(runConfiguration, environment, onMessage);
  stdout.end();
  return { statuses: [...results.values()], output, success };
}
