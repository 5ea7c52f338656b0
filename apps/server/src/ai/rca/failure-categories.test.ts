import { describe, expect, it } from 'vitest';
import type { FailureCategory, FailureEvidence } from '../ai-types.ts';
import { step, testCase } from '../../runs/runs-fixtures.ts';
import { analyseFailureOffline } from './analyse-failure.ts';
import { failureEvidence, pageAt } from './failure-evidence.ts';

const ev = (error: string, extra: Partial<FailureEvidence> = {}): FailureEvidence => ({
  stepText: 'When I do it',
  error,
  network: [],
  console: [],
  page: null,
  lastPassingPage: null,
  missingData: [],
  ...extra,
});

/** Failures as their errors read, with what decides their category. */
const CASES: Array<[string, FailureEvidence, FailureCategory, RegExp]> = [
  ['DNS failure of the base URL', ev('page.goto: net::ERR_NAME_NOT_RESOLVED at http://shop.invalid/\nCall log:\n  - navigating to "http://shop.invalid/"'), 'environment_unreachable', /http:\/\/shop\.invalid could not be reached \(ERR_NAME_NOT_RESOLVED\)/],
  ['an API step refused by Node', ev('request to http://127.0.0.1:3000/api/login failed, reason: connect ECONNREFUSED 127.0.0.1:3000'), 'environment_unreachable', /ECONNREFUSED/],
  ['a run without an environment', ev('No environment is selected: its base URL is needed to open a page'), 'environment_unreachable', /had no environment/],
  ['missing data given by the caller', ev("locator.fill: value: expected string, got undefined", { missingData: ['password'] }), 'test_data_missing', /test data "password"/],
  ['a stored user that is not there', ev('No stored user named "admin" in this project'), 'test_data_missing', /test data "admin"/],
  ['an undefined step', ev('Undefined step: "I pay with PayPal"'), 'step_code_error', /No step definition matches/],
  ['a pending step', ev('Pending step'), 'step_code_error', /pending/],
  ['an ambiguous step', ev('Multiple step definitions match:\n  I pay - steps/a.mjs:3\n  I pay - steps/b.mjs:9'), 'step_code_error', /Several step definitions/],
  ['a reference error in step code', ev('ReferenceError: totl is not defined\n    at World.<anonymous> (file:///tmp/r/steps/cart.mjs:7:3)'), 'step_code_error', /ReferenceError at steps\/cart\.mjs:7/],
  ['an uncaught page exception', ev("Could not find \"Pay\" to click on the page", { console: [{ type: 'pageerror', text: "TypeError: Cannot read properties of null (reading 'total')" }] }), 'application_error', /uncaught exception/],
  ['a 503 with a TypeError in step code', ev("TypeError: Cannot read properties of undefined (reading 'items')", { network: [{ requestUrl: 'http://shop.test/api/cart', method: 'GET', status: 503, type: 'fetch' }] }), 'application_error', /HTTP 503 to GET \/api\/cart/],
  ['a document answered 404', ev('Could not find "Buy" to click on the page', { network: [{ requestUrl: 'http://shop.test/sale', method: 'GET', status: 404, type: 'document' }] }), 'navigation_error', /http:\/\/shop\.test\/sale could not be opened \(HTTP 404\)/],
  ['a 404 page without resource types', ev('Could not find "Buy" to click on the page', { network: [{ requestUrl: 'http://shop.test/sale', method: 'GET', status: 404 }], page: { url: 'http://shop.test/sale', title: 'Not found', aria: '- heading "Not found"' } }), 'navigation_error', /HTTP 404/],
  ['a built-in click on a missing element, no run to compare', ev('Could not find "Add to wishlist" to click on the page', { page: { url: 'http://shop.test/p/7', title: 'P', aria: '- button "Add to cart"\n- button "Save for later"' } }), 'locator_changed', /element "Add to wishlist" is not on the page/],
  ['chai', ev("AssertionError: expected 'Cart (1)' to equal 'Cart (2)'"), 'assertion_mismatch', /expected 'Cart \(2\)' but got 'Cart \(1\)'/],
  ['node assert', ev("AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n'$79.00' !== '$89.00'\n"), 'assertion_mismatch', /expected '\$89\.00' but got '\$79\.00'/],
  ['Playwright expect', ev('Error: expect(locator).toHaveText(expected) failed\n\nLocator: getByTestId(\'total\')\nExpected string: "$89.00"\nReceived string: "$79.00"\nTimeout: 5000ms'), 'assertion_mismatch', /expected "\$89\.00" but got "\$79\.00"/],
  ['a text the page should show', ev('The text "Order placed" was not found in the page', { stepText: 'Then Verify the text "Order placed" can be found in the page' }), 'assertion_mismatch', /expected "Order placed" on the page/],
  ['a cucumber step timeout', ev('function timed out, ensure the promise resolves within 60000 milliseconds'), 'timeout', /timed out after 60 s/],
  ['waitForURL', ev('page.waitForURL: Timeout 10000ms exceeded.\n=========================== logs ===========================\nwaiting for navigation to "**/checkout" until "load"'), 'timeout', /did not finish loading after 10 s/],
  ['a run stopped during the step', ev('The step did not finish: the run ended while it was running'), 'timeout', /run ended while the step/],
  ['an unexplained failure of a check', ev('Cart is not empty', { stepText: 'Then the cart is empty' }), 'assertion_mismatch', /check failed: Cart is not empty/],
  ['an unexplained failure of an action', ev('Something odd happened'), 'step_code_error', /code failed: Something odd happened/],
];

describe('categories', () => {
  it.each(CASES)('%s', (_, evidence, category, summary) => {
    const a = analyseFailureOffline(evidence);
    expect(a.category).toBe(category);
    expect(a.summary).toMatch(summary);
    expect(a.suggestedAction.length).toBeGreaterThan(20);
    expect(a.evidence[0]).toBe(`Failed step: ${evidence.stepText}`);
  });

  it('gives the same cause the same signature across runs, and another cause another one', () => {
    const refused = (port: number) => analyseFailureOffline(ev(`page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:${port}/`)).signature;
    expect(refused(3000)).toBe(refused(4173));
    expect(refused(3000)).not.toBe(analyseFailureOffline(ev('page.goto: net::ERR_NAME_NOT_RESOLVED at http://shop.invalid/')).signature);
  });
});

describe('evidence of a stored test case', () => {
  it('takes the failed step, its error with the class from the stack, its requests and console', () => {
    const failed = step('I save it', 'FAILED', {
      keyword: 'When ',
      result: { status: 'FAILED', startTime: null, endTime: null, message: "Cannot read properties of undefined (reading 'click')", errorStack: "TypeError: Cannot read properties of undefined (reading 'click')\n    at x (steps/w.mjs:3:1)" },
      networkData: [{ requestUrl: 'http://shop.test/api', method: 'GET', status: 200, responseTime: 1, size: 1, type: 'fetch' }],
      webLog: [{ type: 'warning', text: 'slow', time: '2025-03-01T10:00:00.000Z' }],
    });
    const e = failureEvidence(testCase('W', 'FAILED', { steps: [step('I open', 'PASSED'), failed], failedStep: 1 }));
    expect(e).toMatchObject({
      stepText: 'When I save it',
      error: "TypeError: Cannot read properties of undefined (reading 'click')\n    at x (steps/w.mjs:3:1)",
      network: [{ requestUrl: 'http://shop.test/api', method: 'GET', status: 200, type: 'fetch' }],
      console: [{ type: 'warning', text: 'slow' }],
      missingData: [],
    });
  });

  it('names an undefined step that came without a message', () => {
    const undefinedStep = step('I pay with PayPal', 'UNDEFINED', { result: { status: 'UNDEFINED', startTime: null, endTime: null, message: null } });
    const tc = testCase('Pay', 'UNDEFINED', { steps: [undefinedStep], failedStep: 0, result: { status: 'UNDEFINED', startTime: null, endTime: null, message: null } });
    expect(failureEvidence(tc).error).toBe('Undefined step: "I pay with PayPal"');
  });

  it('finds the page of a step: its own, else the closest earlier; the snapshot of the latest visit of that URL', () => {
    const pages = [
      { url: 'http://a/1', title: 'One', ariaSnapshot: '- heading "One"' },
      { url: 'http://a/2', title: 'Two', ariaSnapshot: '- heading "Two"' },
      { url: 'http://a/2', title: 'Two' },
      null,
    ];
    expect(pageAt(pages, 3)).toEqual({ url: 'http://a/2', title: 'Two', aria: '- heading "Two"' });
    expect(pageAt(pages, 0)).toEqual({ url: 'http://a/1', title: 'One', aria: '- heading "One"' });
    expect(pageAt([null, { url: 'http://a/3', title: 'Three' }], 1)).toEqual({ url: 'http://a/3', title: 'Three', aria: '' });
    expect(pageAt([], 2)).toBeNull();
  });
});
