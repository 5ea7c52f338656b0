import { describe, expect, it } from 'vitest';
import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import type { RecordedStep } from '@stepwise/shared';
import { locatorParts } from './locator-parts.ts';
import { describeLocator, phrase, relativeUrl } from './phrasing.ts';
import { actionCode, literalExpression, recordedDefinition } from './step-code.ts';

const step = (action: RecordedStep['action'], text = phrase(action).text): RecordedStep => ({ id: 's1', keyword: phrase(action).keyword, text, action });

describe('locatorParts', () => {
  it('reads plain locator chains with literal arguments', () => {
    expect(locatorParts("getByRole('button', { name: 'Buy' })")).toEqual([{ method: 'getByRole', args: ['button', { name: 'Buy' }] }]);
    expect(locatorParts("getByRole('listitem').filter({ hasText: 'Tea' }).getByRole('button').nth(1)")?.map((p) => p.method)).toEqual(['getByRole', 'filter', 'getByRole', 'nth']);
    expect(locatorParts("locator('#cart').filter({ has: page.getByText('x') })")?.[1].args[0]).toEqual({ has: [{ method: 'getByText', args: ['x'] }] });
    expect(locatorParts('getByText(/total/i)')?.[0].args[0]).toEqual(/total/i);
  });

  it('refuses anything that is not one: calls of other methods, variables, code after it', () => {
    for (const bad of [
      "evaluate('1')",
      'getByText(x)',
      "getByText('a'); process.exit()",
      "getByText('a').click()",
      "getByText(`${process.env.SECRET}`)",
      "getByText('a', { name: require('fs') })",
      "locator('a')[0]",
      '',
      "getByText('a')) + (1",
    ]) {
      expect(locatorParts(bad), bad).toBeNull();
    }
  });
});

describe('phrasing', () => {
  it("uses the library's phrasing where a built-in step finds the same element", () => {
    expect(phrase({ name: 'click', locator: "getByRole('button', { name: 'Sign in' })" }).text).toBe('I click the "Sign in" button');
    expect(phrase({ name: 'click', locator: "getByRole('link', { name: 'Cart', exact: true })" }).text).toBe('I click the "Cart" link');
    expect(phrase({ name: 'fill', locator: "getByLabel('Email')", value: 'a@b.c' }).text).toBe('I fill the "Email" field with "a@b.c"');
    expect(phrase({ name: 'fill', locator: "getByPlaceholder('Search')", value: 'mug' }).text).toBe('I fill the "Search" field with "mug"');
    expect(phrase({ name: 'check', locator: "getByRole('checkbox', { name: 'Gift' })" }).text).toBe('I check "Gift"');
    expect(phrase({ name: 'navigate', url: '/' }).text).toBe('I am on the home page');
    expect(phrase({ name: 'navigate', url: '/cart' }).text).toBe('I open the "/cart" page');
    expect(phrase({ name: 'assertText', text: 'Total: 12' })).toEqual({ keyword: 'Then', text: 'I should see "Total: 12"' });
  });

  it('names the element otherwise, quotes escaped as cucumber reads them', () => {
    expect(phrase({ name: 'click', locator: "getByText('Free shipping')" }).text).toBe('I click the text "Free shipping"');
    expect(phrase({ name: 'click', locator: "getByRole('button', { name: 'Buy' })", clickCount: 2 }).text).toBe('I double-click the "Buy" button');
    expect(describeLocator("getByRole('listitem').filter({ hasText: 'Tea' }).getByRole('button', { name: 'Add' })")).toBe('the "Add" button in the list item with "Tea"');
    expect(describeLocator("getByRole('button', { name: 'Add' }).nth(1)")).toBe('the "Add" button (second)');
    expect(phrase({ name: 'fill', locator: "getByLabel('Quote')", value: 'say "hi" \\o/' }).text).toBe('I fill the "Quote" field with "say \\"hi\\" \\\\o/"');
  });

  it('writes navigations under the base URL as paths', () => {
    expect(relativeUrl('http://shop.test/app/cart?x=1#top', 'http://shop.test/app/')).toBe('/cart?x=1#top');
    expect(relativeUrl('http://shop.test/app', 'http://shop.test/app')).toBe('/');
    expect(relativeUrl('https://elsewhere.test/a', 'http://shop.test/app/')).toBe('https://elsewhere.test/a');
  });
});

describe('recordedDefinition', () => {
  const registry = new ParameterTypeRegistry();

  it('defines exactly the step text, special characters and all, with the action as code', () => {
    const s = step({ name: 'click', locator: "getByText('Sale (50%) {now}/today')" });
    const def = recordedDefinition(s)!;
    expect(def).toContain('// source: recorder');
    expect(def).toContain("await page.getByText('Sale (50%) {now}/today').click();");
    const expression = new CucumberExpression(literalExpression(s.text), registry);
    expect(expression.match(s.text)).not.toBeNull();
    expect(expression.match(`${s.text}!`)).toBeNull();
  });

  it('writes the locator back from its parsed calls and refuses one that is not a locator', () => {
    expect(actionCode({ name: 'fill', locator: 'getByLabel("Name")', value: "O'Brien" })).toBe("await page.getByLabel('Name').fill('O\\'Brien');");
    expect(recordedDefinition(step({ name: 'click', locator: "getByText('a').evaluate(() => process.exit())" }))).toBeNull();
    expect(actionCode({ name: 'fill', locator: "getByLabel('Password')", value: '{{password}}' })).toContain("this.testData?.[key]");
    expect(actionCode({ name: 'assertChecked', locator: "getByRole('checkbox', { name: 'Gift' })", checked: true })).toContain("(await page.getByRole('checkbox', { name: 'Gift' }).isChecked()) === true");
    expect(phrase({ name: 'assertValue', locator: "getByLabel('City')", value: 'Oslo' }).text).toBe('the "City" field should have the value "Oslo"');
  });
});
