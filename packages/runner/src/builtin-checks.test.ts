import { describe, expect, it } from 'vitest';
import { runScenarios } from './index.ts';
import { baseOptions, byName, statuses, usePageServer, workspace } from './runner-test-kit.ts';

// The step library's checks look at the page often enough to see a message that is shown for a
// moment (a toast, a "Saved" flash): again at each change of the page's DOM (40 times a second at
// most) and every 100 ms besides, where Playwright's own wait (of 2.5 s or more) looks only every
// 500 ms once its first tries are over. Real runs in Chromium.

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
// A CSS animation makes it visible: no DOM mutation tells the check, only its regular look.
When('the element {string} shows after {int} ms by its style alone', async function (selector, wait) {
  await this.page.evaluate(([selector, wait]) => {
    const style = document.createElement('style');
    style.textContent = selector + ' { visibility: hidden; animation: show 0s ' + wait + 'ms forwards } @keyframes show { to { visibility: visible } }';
    const p = document.createElement('p');
    p.className = selector.slice(1);
    p.textContent = 'Late';
    document.head.append(style);
    document.body.append(p);
  }, [selector, wait]);
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

  Scenario Outline: A message shown for less than a tenth of a second (<n>)
    Given I open the "/" page
    When the message "Done <n>" flashes after <wait> ms for 80 ms
    Then I should see "Done <n>"

    Examples:
      | n | wait |
      | 1 | 300  |
      | 2 | 320  |
      | 3 | 340  |
      | 4 | 360  |
      | 5 | 380  |

  Scenario: An element that shows without a change of the DOM
    Given I open the "/" page
    When the element ".late" shows after 600 ms by its style alone
    Then the element ".late" should be visible
    And I should see "Late"

  Scenario: A message that goes away
    Given I open the "/" page
    When the message "Saving" flashes after 0 ms for 400 ms
    Then I should see "Saving"
    And I should not see "Saving"
    And the element ".flash" should not be visible
`;

describe('the step library checks', () => {
  it('see a message or an element shown for a moment, one shown by its style alone, and see one go', async () => {
    // As long as a run's usual wait (Playwright looks more often within waits of under 2.5 s).
    process.env.STEPWISE_FIND_TIMEOUT_MS = '5000';
    const dir = workspace({ 'features/checks.feature': FEATURE, 'steps/flash.mjs': STEPS });
    const { report } = await runScenarios(baseOptions(dir));
    expect(statuses(byName(report, 'A message shown for a moment'))).toEqual(['PASSED', 'PASSED', 'PASSED']);
    expect(statuses(byName(report, 'An element shown for a moment'))).toEqual(['PASSED', 'PASSED', 'PASSED']);
    expect(statuses(byName(report, 'A message that goes away'))).toEqual(['PASSED', 'PASSED', 'PASSED', 'PASSED', 'PASSED']);
    // Five flashes of 80 ms a fifth of a look apart: looks every 100 ms alone miss at least one.
    for (const n of [1, 2, 3, 4, 5]) expect(statuses(byName(report, `A message shown for less than a tenth of a second (${n})`))).toEqual(['PASSED', 'PASSED', 'PASSED']);
    expect(statuses(byName(report, 'An element that shows without a change of the DOM'))).toEqual(['PASSED', 'PASSED', 'PASSED', 'PASSED']);
  }, 120_000);
});
