import { describe, expect, it } from 'vitest';
import type { RecordedStep } from '@stepwise/shared';
import { defaultScenarioName, featureTarget, recordedGherkin, startUrl } from './recorded-gherkin.ts';
import { StepPrinter } from './step-printer.ts';

const step = (id: string, keyword: RecordedStep['keyword'], text: string): RecordedStep => ({ id, keyword, text, action: { name: 'assertText', text } });

describe('featureTarget', () => {
  it('takes a feature path under features/ or a name; the default feature otherwise', () => {
    expect(featureTarget('features/shopping/cart.feature')).toEqual({ featureName: 'cart', parentPath: 'shopping' });
    expect(featureTarget('shopping/deep/Cart flows')).toEqual({ featureName: 'Cart flows', parentPath: 'shopping/deep' });
    expect(featureTarget('Checkout')).toEqual({ featureName: 'Checkout', parentPath: '' });
    expect(featureTarget(undefined)).toEqual({ featureName: 'Recorded scenarios', parentPath: '' });
    expect(() => featureTarget('../outside/x.feature')).toThrow('--feature must be a feature name or a path under features/');
  });
});

describe('startUrl', () => {
  it('puts a path under the base URL and keeps a full URL', () => {
    expect(startUrl('http://shop.test/demo-shop/', undefined)).toBe('http://shop.test/demo-shop/');
    expect(startUrl('http://shop.test/demo-shop/', '/cart?x=1')).toBe('http://shop.test/demo-shop/cart?x=1');
    expect(startUrl('http://shop.test/demo-shop', 'login')).toBe('http://shop.test/demo-shop/login');
    expect(startUrl('http://shop.test/', 'https://other.test/a')).toBe('https://other.test/a');
  });
});

describe('recordedGherkin and the default name', () => {
  it('writes a repeated keyword as And', () => {
    const steps = [step('1', 'Given', 'I am on the home page'), step('2', 'When', 'a'), step('3', 'When', 'b'), step('4', 'Then', 'c'), step('5', 'Then', 'd')];
    expect(recordedGherkin('Shop', 'Buy', steps)).toBe('Feature: Shop\n\n  Scenario: Buy\n    Given I am on the home page\n    When a\n    And b\n    Then c\n    And d\n');
    expect(defaultScenarioName(new Date(2025, 0, 5, 9, 7))).toBe('Recorded scenario 2025-01-05 09:07');
  });
});

describe('StepPrinter', () => {
  it('says each step once the list is still: typing is one line, a change and a removal are marked', async () => {
    const lines: string[] = [];
    const printer = new StepPrinter((l) => lines.push(l), 30);
    printer.update([step('1', 'When', 'I fill "Name" with "A"')]);
    printer.update([step('1', 'When', 'I fill "Name" with "Ad"')]);
    printer.update([step('1', 'When', 'I fill "Name" with "Ada"')]);
    await new Promise((r) => setTimeout(r, 80));
    printer.update([step('1', 'When', 'I fill "Name" with "Ada L"'), step('2', 'When', 'I click "Save"')]);
    printer.flush();
    printer.update([step('2', 'When', 'I click "Save"')]);
    printer.flush();
    expect(lines).toEqual(['  + When I fill "Name" with "Ada"', '  ~ When I fill "Name" with "Ada L"', '  + When I click "Save"', '  - When I fill "Name" with "Ada L"']);
  });
});
