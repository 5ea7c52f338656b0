import { describe, expect, it } from 'vitest';
import { buildExpression, identifierFrom, matchStep, uniqueNames } from './step-expression.ts';
import { parseSentence } from './step-sentence.ts';

/** Every step's expression, parsed back with CucumberExpression, matches the step's own text with its values. */
const STEPS: Array<[text: string, expression: string, args: unknown[]]> = [
  ['I add "Trail Backpack" to the cart', 'I add {string} to the cart', ['Trail Backpack']],
  ['I enter "ada@example.com" as my email', 'I enter {string} as my email', ['ada@example.com']],
  ['I set the quantity to 3', 'I set the quantity to {int}', [3]],
  ['I wait for 1.5 seconds', 'I wait for {float} seconds', [1.5]],
  ['I wait for 1 second', 'I wait for {int} second', [1]],
  ['the Trail Backpack costs $49.99', 'the Trail Backpack costs ${float}', [49.99]],
  ['the cart total should be "$89.00"', 'the cart total should be {string}', ['$89.00']],
  ['I change the quantity of "Trail Backpack" to 2', 'I change the quantity of {string} to {int}', ['Trail Backpack', 2]],
  ['I choose "Express shipping ($9.99)"', 'I choose {string}', ['Express shipping ($9.99)']],
  ['I choose Express shipping ($9.99)', 'I choose Express shipping \\(${float}\\)', [9.99]],
  ['I visit "/demo-shop/search?q=bag"', 'I visit {string}', ['/demo-shop/search?q=bag']],
  ['I open /demo-shop/cart', 'I open \\/demo-shop\\/cart', []],
  ['the note reads {braces} and a \\ backslash', 'the note reads \\{braces\\} and a \\\\ backslash', []],
  ["I go to 'https://example.com/a?b=1&c=2'", 'I go to {string}', ['https://example.com/a?b=1&c=2']],
  ['the page says "Welcome back, Demo User!"', 'the page says {string}', ['Welcome back, Demo User!']],
  ['I enter "demo" as the username and "demo123" as the password', 'I enter {string} as the username and {string} as the password', ['demo', 'demo123']],
  ['I type "" into the city field', 'I type {string} into the city field', ['']],
  ['I should see 2 items in the cart', 'I should see {int} items in the cart', [2]],
  ["the user's cart is empty", "the user's cart is empty", []],
  ['I select the 2nd option', 'I select the 2nd option', []],
];

describe('buildExpression', () => {
  for (const [text, expression, args] of STEPS) {
    it(`${text} -> ${expression}`, () => {
      const built = buildExpression(text, parseSentence(text).slots);
      expect(built).toBe(expression);
      expect(matchStep(built, text)).toEqual(args);
    });
  }
});

describe('parameter names', () => {
  it('are camelCase identifiers from words, never reserved words', () => {
    expect(identifierFrom(['Full', 'name'], 'text')).toBe('fullName');
    expect(identifierFrom(['linkName'], 'text')).toBe('linkName');
    expect(identifierFrom(['e-mail address'], 'text')).toBe('eMailAddress');
    expect(identifierFrom(['delete'], 'text')).toBe('deleteValue');
    expect(identifierFrom(['arguments'], 'text')).toBe('argumentsValue');
    expect(identifierFrom(['2nd', 'line'], 'text')).toBe('text2ndLine');
    expect(identifierFrom(['—'], 'text')).toBe('text');
  });

  it('are unique in order', () => {
    expect(uniqueNames(['email', 'text', 'email', 'email'])).toEqual(['email', 'text', 'email2', 'email3']);
  });
});
