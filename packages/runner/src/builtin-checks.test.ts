import { describe, expect, it } from 'vitest';
import { runScenarios } from './index.ts';
import { baseOptions, byName, statuses, usePageServer, workspace } from './runner-test-kit.ts';

// The step library's checks look at the page often enough to see a message that is shown for a
// moment (a toast, a "Saved" flash): every 100 ms, where Playwright's own wait (of 2.5 s or more) looks
// only every 500 ms once its first tries are over. Real runs in Chromium.

usePageServer();

// Shows `text` from `wait` ms after this step until `wait + shown` ms after it.
const STEPS = `import { When } from '@cucumber/cucumber';
When('the message {string} flashes after {int} ms for {int} ms', async function (text, wait, shown) {
  await this.page.evaluate(([text, wait, shown]) => {
    setTimeout(() => {
      const p = document.createElement('p');
      p.className = 'flash';
      p.textContent = text;
      document.body.append(p);
      setTimeout(() => p.remove(), shown);
    }, wait);
  }, [text, wait, shown]);
});
`;

// The check starts 20-200 ms after the flash is set (the step's record between): the message is there
// from 300-480 ms to 550-730 ms into the check, between Playwright's looks at 270 and 770 ms.
const FEATURE = `Feature: Checks
  Scenario: A message shown for a moment
    Given I open the "/" page
    When the message "Saved" flashes after 500 ms for 250 ms
    Then I should see "Saved"

  Scenario: An element shown for a moment
    Given I open the "/" page
    When the message "Sent" flashes after 500 ms for 250 ms
    Then the element ".flash" should be visible

  Scenario: A message that goes away
    Given I open the "/" page
    When the message "Saving" flashes after 0 ms for 400 ms
    Then I should see "Saving"
    And I should not see "Saving"
    And the element ".flash" should not be visible
`;

describe('the step library checks', () => {
  it('see a message or an element shown for a quarter of a second, and see it go', async () => {
    // As long as a run's usual wait (Playwright looks more often within waits of under 2.5 s).
    process.env.STEPWISE_FIND_TIMEOUT_MS = '5000';
    const dir = workspace({ 'features/checks.feature': FEATURE, 'steps/flash.mjs': STEPS });
    const { report } = await runScenarios(baseOptions(dir));
    expect(statuses(byName(report, 'A message shown for a moment'))).toEqual(['PASSED', 'PASSED', 'PASSED']);
    expect(statuses(byName(report, 'An element shown for a moment'))).toEqual(['PASSED', 'PASSED', 'PASSED']);
    expect(statuses(byName(report, 'A message that goes away'))).toEqual(['PASSED', 'PASSED', 'PASSED', 'PASSED', 'PASSED']);
  }, 120_000);
});
