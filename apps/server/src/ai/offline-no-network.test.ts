import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinLibrary } from '../steps/builtin-library.ts';
import { OfflineProvider } from './ai-provider.ts';
import type { FailureEvidence, IdeasRequest, LocatorRepairRequest, PageSnapshot, StepCodeRequest, StepUpdateRequest } from './ai-types.ts';
import { CHROMIUM, knownPagesOf, openShop } from './offline/demo-shop-browser.ts';
import { AI_FILE } from './step-update/step-update-fixtures.ts';

/**
 * The offline AI makes no network request: every method of `new OfflineProvider()` runs in a child
 * process with a network namespace of its own (nothing to reach, not even the host's loopback) and with
 * hooks on every way out (sockets, DNS, fetch, http/https, tls) installed before the provider's code
 * loads. The child must answer as the provider does here, with real demo-shop pages, and record no
 * attempt; the same child told to make one call must record it.
 */
const CHILD = fileURLToPath(new URL('./offline-no-network.child.ts', import.meta.url));
/** The repository's root (its node_modules, packages and apps). */
const INSTALL = path.resolve(path.dirname(CHILD), '../../../..');

/** The first way to start a process without network that works here: bubblewrap, then unshare (as root, then as a user namespace). */
function isolation(): { prefix: string[]; reason: null } | { prefix: null; reason: string } {
  const ways = [
    // A private /tmp, with the installation and its Node bound back when they live there (a checkout in /tmp).
    ['bwrap', '--unshare-net', '--die-with-parent', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp',
      ...[INSTALL, path.dirname(fs.realpathSync(process.execPath))].flatMap((dir) => ['--ro-bind', dir, dir]), '--'],
    ['unshare', '--net', '--'],
    ['unshare', '--map-root-user', '--net', '--'],
  ];
  const failures: string[] = [];
  for (const prefix of ways) {
    const r = spawnSync(prefix[0], [...prefix.slice(1), 'true'], { encoding: 'utf8', timeout: 10_000 });
    if (r.status === 0) return { prefix, reason: null };
    failures.push(`${prefix[0]}: ${(r.error?.message ?? r.stderr ?? '').trim().split('\n')[0] || `exit ${r.status}`}`);
  }
  return { prefix: null, reason: `no network namespace can be made here (${failures.join('; ')})` };
}

const way = isolation();
const canRun = way.prefix !== null && fs.existsSync(CHROMIUM);
if (!canRun) console.warn(`offline-no-network: skipped, ${way.reason ?? `no Chromium at ${CHROMIUM} for the demo shop's pages`}`);

interface ChildOutput {
  attempts: Array<{ kind: string; target: string }>;
  results: Record<string, { ok: true; value: unknown } | { ok: false; error: string }>;
  interfaces: string[];
}

function runChild(input: unknown, args: string[] = []): Promise<ChildOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(way.prefix![0], [...way.prefix!.slice(1), process.execPath, CHILD, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the child ended with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as ChildOutput);
      } catch {
        reject(new Error(`the child printed no JSON: ${out.slice(0, 500)} ${err.slice(-2000)}`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

let known: PageSnapshot[];
let baseUrl: string;
let input: {
  generateStep: StepCodeRequest[];
  analyseFailure: FailureEvidence;
  ideas: IdeasRequest;
  updateStepCode: StepUpdateRequest;
  repairLocator: LocatorRepairRequest;
};

beforeAll(async () => {
  if (!canRun) return;
  const shop = await openShop();
  try {
    known = await knownPagesOf(shop);
    baseUrl = shop.shopUrl;
  } finally {
    await shop.close();
  }
  const page = (path: string) => known.find((p) => new URL(p.url).pathname.endsWith(path))!;
  const [home, product, login] = [known[0], page('/product'), page('/login')];
  const renamed = { ...product, aria: product.aria.replace('button "Add to cart"', 'button "Add to basket"') };
  const waiting = "locator.click: Timeout 30000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Add to cart' })";
  const ask = (keyword: StepCodeRequest['keyword'], text: string, on: PageSnapshot): StepCodeRequest => ({ text, keyword, page: on, knownPages: known, baseUrl });
  input = {
    generateStep: [
      ask('When', 'I search for "mug"', home),
      ask('When', 'I add it to the cart', product),
      ask('When', 'I enter "demo" as the username', login),
      ask('When', 'I click the Subscribe button', home),
    ],
    analyseFailure: {
      stepText: 'I add it to the cart', error: waiting, network: [], console: [], page: renamed, lastPassingPage: product, missingData: [],
    },
    ideas: { description: 'Buy a product and pay for it', knownPages: known, knownSteps: builtinLibrary().definitions.map((d) => d.pattern), max: 3 },
    updateStepCode: { userRequest: 'set click timeout to 2 minutes', functionName: 'I open my cart', fileContent: AI_FILE },
    repairLocator: {
      stepText: 'I add it to the cart', code: "async function () {\n  await this.page.getByRole('button', { name: 'Add to cart' }).click();\n}", error: waiting, page: renamed,
    },
  };
}, 120_000);


/** What the provider answers here, in this process, as JSON would carry it. */
async function answersHere(): Promise<Record<string, unknown>> {
  const provider = new OfflineProvider();
  const out: Record<string, unknown> = {};
  for (const [i, req] of input.generateStep.entries()) out[`generateStep.${i}`] = await provider.generateStep(req);
  out.analyseFailure = await provider.analyseFailure(input.analyseFailure);
  out.ideas = await provider.ideas(input.ideas);
  out.updateStepCode = await provider.updateStepCode(input.updateStepCode);
  out.repairLocator = await provider.repairLocator(input.repairLocator);
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

describe.skipIf(!canRun)(`the offline provider without network (${way.prefix?.slice(0, 2).join(' ') ?? 'none'})`, () => {
  it('answers every method with no network attempt at all', async () => {
    const child = await runChild(input);
    // The namespace is real: no interface but the (down) loopback.
    expect(child.interfaces.filter((name) => name !== 'lo')).toEqual([]);
    expect(child.attempts).toEqual([]);
    for (const [name, result] of Object.entries(child.results)) expect(result.ok, `${name}: ${'error' in result ? result.error : ''}`).toBe(true);
    const values = Object.fromEntries(Object.entries(child.results).map(([name, r]) => [name, r.ok ? r.value : null]));
    expect(values).toEqual(await answersHere());

    // Real answers: code for known steps grounded in the demo shop's pages, a refusal with its candidates, a root cause.
    expect(values['generateStep.0']).toMatchObject({ ok: true, step: { expression: 'I search for {string}' } });
    expect(values['generateStep.1']).toMatchObject({ ok: true, step: { expression: 'I add it to the cart', body: expect.stringContaining("getByRole('button', { name: 'Add to cart' })") } });
    expect(values['generateStep.2']).toMatchObject({ ok: true, step: { expression: 'I enter {string} as the username' } });
    expect(values['generateStep.3']).toMatchObject({ ok: false, reason: expect.stringContaining('Subscribe'), candidates: expect.arrayContaining([expect.stringMatching(/^button "/)]) });
    expect(values.analyseFailure).toMatchObject({ category: 'locator_changed' });
    expect(values.repairLocator).toMatchObject({ ok: true, code: expect.stringContaining("name: 'Add to basket'") });
    expect(values.updateStepCode).toMatchObject({ ok: true, fileContent: expect.stringContaining('timeout: 120000') });
    expect(Array.isArray(values.ideas)).toBe(true);
  }, 120_000);

  it('sees the attempt when the child makes one call (--inject-network-call)', async () => {
    const child = await runChild(input, ['--inject-network-call']);
    expect(child.attempts.length).toBeGreaterThan(0);
    expect(child.attempts[0]).toEqual({ kind: 'fetch', target: 'https://api.openai.com/v1/models' });
    // The call goes nowhere (no network), and the provider still answers.
    expect(child.results['generateStep.0']).toMatchObject({ ok: true, value: { ok: true, step: { expression: 'I search for {string}' } } });
  }, 120_000);
});
