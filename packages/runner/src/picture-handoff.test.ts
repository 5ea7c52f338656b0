import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES } from '@stepwise/shared';
import { messagesToReport, runScenarios, type Envelope } from './index.ts';
import { baseOptions, baseUrl, byName, PNG_MAGIC, tmpDirs, usePageServer, workspace } from './runner-test-kit.ts';

// A step followed by a check that only reads the page has its picture finished while the check runs
// (support/picture-handoff.ts); its attachments still belong to it. Real runs in Chromium.

usePageServer();

const FEATURE = `Feature: Handoff
  Scenario: Checks after actions
    Given I open the "/" page
    Then I should see "Welcome"
    When click "Pay"
    Then I should see "Paid"
    And the page title should be "Shop"

  Scenario: A check that cannot run
    Given I open the "/" page
    Then the page title should contain "Shop"
`;
// The second scenario's check is ambiguous (the workspace defines it again): cucumber runs no hook of
// it, and the open step's picture is attached by the After hook.
const AMBIGUOUS = `import { Then } from '@cucumber/cucumber';
Then(/^the page title should contain "(.*)"$/, function () {});
`;
const HOOKED = `import { BeforeStep } from '@cucumber/cucumber';
BeforeStep(function () {});
`;

async function run(files: Record<string, string>) {
  const dir = workspace({ 'features/handoff.feature': FEATURE, ...files });
  const messagesFile = path.join(dir, '..', `${path.basename(dir)}.ndjson`);
  tmpDirs.push(messagesFile);
  const result = await runScenarios(baseOptions(dir, { messagesFile }));
  const envelopes = fs
    .readFileSync(messagesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Envelope);
  return { result, envelopes };
}

/** Per test step id: was its screenshot attached after the step had finished? */
function lateShots(envelopes: Envelope[]): Map<string, boolean> {
  const finished = new Set<string>();
  const late = new Map<string, boolean>();
  for (const e of envelopes) {
    if (e.testStepFinished) finished.add(e.testStepFinished.testStepId);
    if (e.attachment?.mediaType === ATTACHMENT_TYPES.screenshot) late.set(e.attachment.testStepId!, finished.has(e.attachment.testStepId!));
  }
  return late;
}

describe('pictures finished while a check runs', () => {
  it('attaches each late picture and page visit to its own step, the After hook the last one', async () => {
    const { result, envelopes } = await run({ 'steps/ambiguous.mjs': AMBIGUOUS });
    expect(envelopes.filter((e) => e.attachment?.fileName).map((e) => e.attachment!.fileName)).toEqual([]);
    const testCase = envelopes.find((e) => e.testCase && e.testCase.testSteps.length > 5)!.testCase!;
    const [, open, see, pay, paid, title] = testCase.testSteps.map((s) => s.id);
    const late = lateShots(envelopes);
    // Followed by a check: finished late. Followed by an action, or by nothing: on time.
    expect([open, pay, paid].map((id) => late.get(id))).toEqual([true, true, true]);
    expect(late.get(see)).toBe(false);
    expect(late.get(title)).toBe(false);

    const tc = byName(result.report, 'Checks after actions');
    expect(tc.result.status).toBe('PASSED');
    for (const step of tc.steps) {
      expect(step.page?.title).toBe('Shop');
      expect(result.attachments.get(step.screenshotId!)!.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    }
    expect(tc.steps[0].page?.ariaSnapshot).toContain('heading "Welcome"');
    // The check changed nothing: it shares the picture the open step finished while it ran.
    expect(tc.steps[1].screenshotId).toBe(tc.steps[0].screenshotId);
    expect(tc.steps[2].screenshotId).not.toBe(tc.steps[1].screenshotId);

    const cut = byName(result.report, 'A check that cannot run');
    expect(cut.steps.map((s) => s.result.status)).toEqual(['PASSED', 'AMBIGUOUS']);
    expect(cut.steps[0].screenshotId).toBeTruthy();
    expect(cut.steps[0].page?.url).toMatch(/\/$/);
    // The stored messages give the same report as the live one.
    const again = await messagesToReport(envelopes, { name: 'runner test', mode: 'local', env: { name: 'test', baseUrl }, browser: 'chromium', viewport: '1024x768' });
    expect(again.report).toEqual(result.report);
  }, 120_000);

  it('takes every picture before the next step when the workspace has a BeforeStep hook of its own', async () => {
    const { result, envelopes } = await run({ 'steps/hooked.mjs': HOOKED, 'steps/ambiguous.mjs': AMBIGUOUS });
    expect([...lateShots(envelopes).values()].every((late) => !late)).toBe(true);
    expect(byName(result.report, 'Checks after actions').steps.every((s) => s.screenshotId)).toBe(true);
  }, 120_000);
});
