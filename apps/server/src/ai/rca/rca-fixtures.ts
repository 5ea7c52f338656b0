import type { ReportStep, TestCaseResult } from '@stepwise/shared';
import { step, testCase } from '../../runs/runs-fixtures.ts';

/**
 * Failed test cases as real runs leave them, one per root-cause category: the error texts are the
 * ones Playwright, Node, cucumber-js and the built-in step library write; network, console and pages
 * as the runner records them.
 */

export const SHOP = 'http://shop.test/demo-shop';
export const PRODUCT_URL = `${SHOP}/product/7`;

export const PRODUCT_PAGE = `- banner:
  - link "Demo Shop":
    - /url: /demo-shop/
  - link "Cart (0)":
    - /url: /demo-shop/cart
- main:
  - heading "Trail Backpack" [level=1]
  - paragraph: Light and tough, 28 litres.
  - text: $79.00
  - button "Add to cart"`;
/** The same page after a release renamed the button. */
export const PRODUCT_PAGE_RENAMED = PRODUCT_PAGE.replace('button "Add to cart"', 'button "Add to basket"');

const at = (ms: number) => new Date(Date.parse('2025-03-01T10:00:00.000Z') + ms).toISOString();
const net = (requestUrl: string, method: string, status: number | string, type: string) => ({ requestUrl, method, status, responseTime: 42, size: 512, type });
const log = (type: string, text: string) => ({ type, text, time: at(5) });

export function failedStep(keyword: string, text: string, message: string, extra: Partial<ReportStep> & { stack?: string } = {}): ReportStep {
  const { stack, ...rest } = extra;
  const base = step(text, 'FAILED', { keyword: `${keyword} `, ...rest });
  return { ...base, result: { ...base.result, message, errorStack: stack ?? message } };
}

const openProduct = (aria: string) => step('I open the "/demo-shop/product/7" page', 'PASSED', { page: { url: PRODUCT_URL, title: 'Trail Backpack', ariaSnapshot: aria } });
const addToCart = (status: 'PASSED' | 'FAILED', message = '') =>
  status === 'PASSED'
    ? step('I add "Trail Backpack" to the cart', 'PASSED', { keyword: 'When ', page: { url: PRODUCT_URL, title: 'Trail Backpack' } })
    : failedStep('When', 'I add "Trail Backpack" to the cart', message, {
        page: { url: PRODUCT_URL, title: 'Trail Backpack' },
        stack: `${message}\n    at World.<anonymous> (file:///tmp/stepwise-run/steps/cart.mjs:9:61)`,
      });

/** A test case of `scenario` failing at its last step. */
export function failing(scenario: string, steps: ReportStep[], extra: Partial<TestCaseResult> = {}): TestCaseResult {
  const failedAt = steps.findIndex((s) => s.result.status !== 'PASSED');
  return testCase(scenario, 'FAILED', { steps, failedStep: failedAt, result: { status: 'FAILED', startTime: at(0), endTime: at(1500), message: steps[failedAt].result.message ?? null }, ...extra });
}

export const CLICK_TIMEOUT = "locator.click: Timeout 5000ms exceeded.\nCall log:\n\u001b[2m  - waiting for getByRole('button', { name: 'Add to cart' })\u001b[22m\n";

/** The passing run of "Add to cart" whose product page had the button. */
export const addToCartPassing = () => testCase('Add to cart', 'PASSED', { steps: [openProduct(PRODUCT_PAGE), addToCart('PASSED')] });

/** One failed test case per category, by the category expected. */
export function failureOfEachCategory(): Record<string, TestCaseResult> {
  return {
    locator_changed: failing('Add to cart', [openProduct(PRODUCT_PAGE_RENAMED), addToCart('FAILED', CLICK_TIMEOUT)]),
    assertion_mismatch: failing('Cart total', [
      step('I have "Trail Backpack" in the cart', 'PASSED'),
      failedStep('Then', 'the cart total is "$89.00"', 'expected "$89.00" but found "$79.00"', {
        stack: 'Error: expected "$89.00" but found "$79.00"\n    at World.<anonymous> (file:///tmp/stepwise-run/steps/cart.mjs:31:11)',
      }),
    ]),
    timeout: failing('Slow search', [
      failedStep('Given', 'I open the "/demo-shop/search?q=tent" page', 'page.goto: Timeout 30000ms exceeded.\nCall log:\n  - navigating to "http://shop.test/demo-shop/search?q=tent", waiting until "load"\n', {
        networkData: [net(`${SHOP}/search?q=tent`, 'GET', 'net::ERR_ABORTED', 'document')],
      }),
    ]),
    navigation_error: failing('Old account link', [
      failedStep('Given', 'I open the "/demo-shop/account" page', 'page.goto: net::ERR_TOO_MANY_REDIRECTS at http://shop.test/demo-shop/account\nCall log:\n  - navigating to "http://shop.test/demo-shop/account", waiting until "load"\n'),
    ]),
    application_error: failing('Checkout', [
      step('I have "Trail Backpack" in the cart', 'PASSED'),
      failedStep('When', 'I click the "Pay now" button', 'Could not find the button "Pay now" on the page', {
        networkData: [net(`${SHOP}/checkout`, 'GET', 200, 'document'), net(`${SHOP}/api/checkout`, 'POST', 500, 'fetch')],
        webLog: [log('error', 'Failed to load resource: the server responded with a status of 500 (Internal Server Error)')],
      }),
    ]),
    environment_unreachable: failing('Home page', [
      failedStep('Given', 'I open the "/" page', 'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/\nCall log:\n  - navigating to "http://127.0.0.1:9/", waiting until "load"\n', {
        networkData: [net('http://127.0.0.1:9/', 'GET', 'net::ERR_CONNECTION_REFUSED', 'document')],
      }),
    ]),
    test_data_missing: failing('Sign in', [
      step('I open the "/demo-shop/login" page', 'PASSED'),
      failedStep('When', 'fill "Email" with "{{email}}"', 'No test data named "email" for this environment', {
        stack: 'Error: No test data named "email" for this environment\n    at file:///tmp/stepwise-run/steps/utils.mjs:21:37\n    at String.replace (<anonymous>)',
      }),
    ]),
    step_code_error: failing('Wishlist', [
      step('I open the "/demo-shop/product/7" page', 'PASSED'),
      failedStep('When', 'I save the product to my wishlist', "Cannot read properties of undefined (reading 'click')", {
        stack: "TypeError: Cannot read properties of undefined (reading 'click')\n    at World.<anonymous> (file:///tmp/stepwise-run/steps/wishlist.mjs:14:32)",
      }),
    ]),
  };
}
