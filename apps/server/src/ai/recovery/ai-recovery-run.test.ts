import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_RECOVERY_COMMAND, runScenarios, type RepairRequest } from '@stepwise/runner';
import { OfflineProvider } from '../ai-provider.ts';

// A real run (run process, cucumber-js, Chromium) of steps written for a page that was redesigned since:
// with AI recovery the failing locators are repaired from the live page and the steps go on.

const PAGE = `<!doctype html><html><head><title>Shop</title></head><body><main>
<h1>Mug</h1><label>Email address <input id="email"></label>
<button onclick="document.querySelector('#done').textContent = 'Added ' + document.querySelector('#email').value">Add to basket</button>
<p id="done"></p></main></body></html>`;

const STEPS = `import { When, Then } from '@cucumber/cucumber';
When('I give my email {string}', async function (email) {
  await this.page.getByLabel('E-mail', { exact: true }).fill(email, { timeout: 1500 });
});
When('I add the mug to the cart', async function () {
  await this.page.getByRole('button', { name: 'Add to cart' }).click({ timeout: 1500 });
});
When('I pay', async function () {
  await this.page.getByRole('button', { name: 'Pay with card' }).click({ timeout: 1500 });
});
Then('I see {string}', async function (text) {
  await this.page.getByText(text).waitFor({ timeout: 3000 });
});
`;
const FEATURE = `Feature: Shop
  Scenario: Add a mug
    Given I am on the home page
    When I give my email "ann@example.com"
    And I add the mug to the cart
    Then I see "Added ann@example.com"

  Scenario: Pay
    Given I am on the home page
    When I pay
`;

let server: http.Server;
let baseUrl = '';
let dir = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-recovery-'));
  fs.mkdirSync(path.join(dir, 'features'));
  fs.mkdirSync(path.join(dir, 'steps'));
  fs.writeFileSync(path.join(dir, 'features', 'shop.feature'), FEATURE);
  fs.writeFileSync(path.join(dir, 'steps', 'shop.mjs'), STEPS);
});
afterAll(() => {
  server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type RecoveryCommand = { type: string; text: string; reasoning?: string; info?: Record<string, unknown> };

describe('AI recovery in a run', () => {
  it('repairs each broken locator of a step from the live page, goes on, and records fixed or failed by AI', async () => {
    const asked: RepairRequest[] = [];
    const provider = new OfflineProvider();
    const result = await runScenarios({
      workDir: dir,
      env: { name: 'test', baseUrl },
      screenshots: 'off',
      // Worker threads: their steps ask through the run process.
      parallel: 2,
      repairLocator: (request) => {
        asked.push(request);
        return provider.repairLocator(request);
      },
    });
    const add = result.report.testCases.find((t) => t.scenarioName === 'Add a mug')!;
    const pay = result.report.testCases.find((t) => t.scenarioName === 'Pay')!;
    expect(add.result.status).toBe('PASSED');
    const commands = (i: number) => add.steps[i].commands.filter((c) => c.type === AI_RECOVERY_COMMAND) as RecoveryCommand[];
    expect(commands(1)[0]).toMatchObject({ text: 'fixed by AI', info: { status: 'fixed', stepText: 'I give my email "ann@example.com"' } });
    expect(String(commands(1)[0].info?.fixedCode)).toContain("getByRole('textbox', { name: 'Email address', exact: true })");
    expect(String(commands(2)[0].info?.fixedCode)).toContain("getByRole('button', { name: 'Add to basket' })");
    expect(commands(2)[0].reasoning).toContain('button "Add to basket" took its place');
    // The page the repair saw was the live one.
    expect(asked[0].page.aria).toContain('button "Add to basket"');
    expect(pay.result.status).toBe('FAILED');
    const failed = pay.steps[1].commands.find((c) => c.type === AI_RECOVERY_COMMAND) as RecoveryCommand;
    expect(failed).toMatchObject({ text: 'failed by AI', info: { status: 'failed' } });
    expect(failed.reasoning).toContain('Pay with card');
  }, 120_000);

  it('changes nothing when recovery is off', async () => {
    const result = await runScenarios({ workDir: dir, env: { name: 'test', baseUrl }, screenshots: 'off', names: ['Add a mug'] });
    const [add] = result.report.testCases;
    expect(add.result.status).toBe('FAILED');
    expect(add.steps.flatMap((s) => s.commands).some((c) => c.type === AI_RECOVERY_COMMAND)).toBe(false);
  }, 120_000);
});
