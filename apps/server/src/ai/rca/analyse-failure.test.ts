import { describe, expect, it } from 'vitest';
import type { FailureEvidence } from '../ai-types.ts';
import { analyseFailureOffline } from './analyse-failure.ts';
import { ariaElements, locatorTarget } from './aria-elements.ts';
import { signatureText } from '../../runs/failure-signature.ts';

const PRODUCT_BEFORE = `- banner:
  - link "Demo Shop":
    - /url: /demo-shop/
- main:
  - heading "Trail Backpack" [level=1]
  - text: $79.00
  - button "Add to cart"
  - 'link "Hiker''s guide"'`;
const PRODUCT_NOW = PRODUCT_BEFORE.replace('button "Add to cart"', 'button "Add to basket"');

function evidence(extra: Partial<FailureEvidence>): FailureEvidence {
  return { stepText: 'When I add "Trail Backpack" to the cart', error: '', network: [], console: [], page: null, lastPassingPage: null, missingData: [], ...extra };
}
const page = (aria: string, url = 'http://shop.test/demo-shop/product/7') => ({ url, title: 'Trail Backpack', aria });

describe('aria snapshot elements', () => {
  it('reads roles, names and inline text, YAML-quoted items included', () => {
    expect(ariaElements(PRODUCT_BEFORE)).toEqual([
      { role: 'banner', name: '', text: '' },
      { role: 'link', name: 'Demo Shop', text: '' },
      { role: 'main', name: '', text: '' },
      { role: 'heading', name: 'Trail Backpack', text: '' },
      { role: 'text', name: '', text: '$79.00' },
      { role: 'button', name: 'Add to cart', text: '' },
      { role: 'link', name: "Hiker's guide", text: '' },
    ]);
  });

  it('reads the element a locator error names', () => {
    expect(locatorTarget("waiting for getByRole('button', { name: 'Add to cart' })")).toMatchObject({ roles: ['button'], name: 'Add to cart', exact: false });
    expect(locatorTarget("waiting for getByRole('link', { name: 'Checkout', exact: true })")).toMatchObject({ roles: ['link'], name: 'Checkout', exact: true });
    expect(locatorTarget("waiting for getByLabel('Email')")).toMatchObject({ name: 'Email', matchText: false });
    expect(locatorTarget('Could not find the button "Pay now" on the page')).toMatchObject({ roles: ['button'], name: 'Pay now' });
    expect(locatorTarget("waiting for locator('#add')")).toBeNull();
  });
});

describe('analyseFailureOffline', () => {
  it('locator_changed: names the element that disappeared since the last passing run and the similar one there now', () => {
    const a = analyseFailureOffline(evidence({
      error: "locator.click: Timeout 5000ms exceeded.\nCall log:\n\u001b[2m  - waiting for getByRole('button', { name: 'Add to cart' })\u001b[22m\n",
      page: page(PRODUCT_NOW),
      lastPassingPage: page(PRODUCT_BEFORE),
    }));
    expect(a.category).toBe('locator_changed');
    expect(a.summary).toBe('The button "Add to cart" was on the page in the last passing run and is gone now; the page has button "Add to basket" instead.');
    expect(a.evidence).toEqual([
      'Failed step: When I add "Trail Backpack" to the cart',
      "Error: locator.click: Timeout 5000ms exceeded.\nwaiting for getByRole('button', { name: 'Add to cart' })".replace('\n', ' '),
      "Locator: getByRole('button', { name: 'Add to cart' })",
      'button "Add to cart" is not on the page now (http://shop.test/demo-shop/product/7)',
      'The last passing run had button "Add to cart" (http://shop.test/demo-shop/product/7)',
      'Similar element now: button "Add to basket"',
    ]);
    expect(a.suggestedAction).toContain('update the step\'s locator to it');
    expect(a.signature).toMatch(/^[0-9a-f]{16}$/);
  });

  it('an element still on the page whose action ran out of time is a timeout, not a changed locator', () => {
    const a = analyseFailureOffline(evidence({
      error: "locator.click: Timeout 5000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Add to cart' })",
      page: page(PRODUCT_BEFORE),
      lastPassingPage: page(PRODUCT_BEFORE),
    }));
    expect(a.category).toBe('timeout');
    expect(a.summary).toBe('The page has button "Add to cart", but the step could not use it within 5 s.');
  });

  it('a strict mode violation is a changed locator that matches several elements', () => {
    const a = analyseFailureOffline(evidence({
      error: "locator.click: Error: strict mode violation: getByRole('button', { name: 'Add' }) resolved to 2 elements:\n    1) <button>Add</button> aka getByRole('button', { name: 'Add' }).nth(1)\n    2) <button>Add</button> aka getByRole('button', { name: 'Add' }).nth(2)\n\nCall log:\n  - waiting for getByRole('button', { name: 'Add' })",
    }));
    expect(a.category).toBe('locator_changed');
    expect(a.summary).toContain('now matches 2 elements');
  });

  it('a 5xx during the step is the application error even when the symptom is a missing element', () => {
    const a = analyseFailureOffline(evidence({
      error: "locator.click: Timeout 5000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Add to cart' })",
      network: [
        { requestUrl: 'http://shop.test/demo-shop/app.js', method: 'GET', status: 200, type: 'script' },
        { requestUrl: 'http://shop.test/demo-shop/api/cart', method: 'POST', status: 500, type: 'fetch' },
      ],
      page: page(PRODUCT_NOW),
      lastPassingPage: page(PRODUCT_BEFORE),
    }));
    expect(a.category).toBe('application_error');
    expect(a.summary).toBe('The application answered HTTP 500 to POST /demo-shop/api/cart during the step.');
    expect(a.evidence).toContain('HTTP 500 from POST http://shop.test/demo-shop/api/cart');
  });

  it('ECONNREFUSED is an unreachable environment before it is a navigation error', () => {
    const a = analyseFailureOffline(evidence({ stepText: 'Given I open the "/" page', error: 'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/\nCall log:\n  - navigating to "http://127.0.0.1:9/", waiting until "load"' }));
    expect(a.category).toBe('environment_unreachable');
    expect(a.summary).toBe('The application at http://127.0.0.1:9 could not be reached (ERR_CONNECTION_REFUSED).');
  });

  it('the signature masks numbers, hosts, ports, paths and ids but keeps the step\'s quoted values', () => {
    const one = signatureText('environment_unreachable', 'Given I open the "/cart" page', 'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/cart/12?x=1\nCall log:\n  - navigating');
    const two = signatureText('environment_unreachable', 'Given I open the "/cart" page', 'page.goto: net::ERR_CONNECTION_REFUSED at https://staging.shop.test:8443/cart/98\n    at World.<anonymous> (steps/a.mjs:3:1)');
    expect(one).toBe('environment_unreachable\nGiven I open the "/cart" page\npage.goto: net::ERR_CONNECTION_REFUSED at http://<host>/<path>');
    expect(two).toBe(one.replace('http:', 'https:'));
    expect(signatureText('timeout', 'x', 'order 3f2a9c1e-0b7d-4c1e-9a5f-2b8c7d6e5f4a failed after 5000ms, id 0xdeadbeef, hash a1b2c3d4e5f6'))
      .toBe('timeout\nx\norder <uuid> failed after <n>ms, id <hex>, hash <hex>');
    expect(signatureText('timeout', 'When I add "Boots"', 'e')).not.toBe(signatureText('timeout', 'When I add "Tent"', 'e'));
  });
});
