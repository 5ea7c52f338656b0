import { describe, expect, it } from 'vitest';
import { readStepFile, validateCode } from './step-definitions.ts';
import { removeDefinitions } from './step-removal.ts';
import { StepMatcher } from './step-matcher.ts';
import { builtinLibrary } from './builtin-library.ts';

const FILE = `// Step definitions of the shop.
import { Given, When as Quand, Then, defineParameterType } from '@cucumber/cucumber';
import * as cucumber from '@cucumber/cucumber';

defineParameterType({ name: 'color', regexp: /red|blue|green/ });

// source: recorder
Given('I log in as {string}', async function (name) {
  await this.page.fill('#user', name);
});

/* source: ai */
Quand(/^I add (\\d+) items? to the cart$/i, async function (n) {});

Then(\`the total is {float}\`, { timeout: 120000, source: 'api' }, async function (total) {});

// a helper comment, no source

cucumber.defineStep('I pick the {color} shirt', async function () {});

for (const word of ['a', 'b']) Given('dynamic ' + word, () => {});
const ignored = someOtherCall('not a step');
`;

describe('reading step definitions without running the code', () => {
  const parsed = readStepFile(FILE);

  it('finds string, regular-expression and template patterns with keyword, line and source label', () => {
    expect(parsed.error).toBeNull();
    expect(parsed.definitions.map((d) => [d.keyword, d.pattern, d.patternType, d.line, d.source])).toEqual([
      ['Given', 'I log in as {string}', 'CUCUMBER_EXPRESSION', 8, 'recorder'],
      ['When', '^I add (\\d+) items? to the cart$', 'REGULAR_EXPRESSION', 13, 'ai'],
      ['Then', 'the total is {float}', 'CUCUMBER_EXPRESSION', 15, 'api'],
      ['defineStep', 'I pick the {color} shirt', 'CUCUMBER_EXPRESSION', 19, 'user'],
    ]);
    expect(parsed.definitions[1].flags).toBe('i');
    expect(parsed.parameterTypes).toEqual([{ name: 'color', regexps: ['red|blue|green'] }]);
  });

  it('matches step texts as cucumber-js does, whatever the keyword, with custom parameter types', () => {
    const m = new StepMatcher(parsed.definitions.map((d) => ({ ...d, file: 'steps/shop.mjs', builtin: false })), parsed.parameterTypes);
    expect(m.match('I log in as "ada"').map((d) => d.line)).toEqual([8]);
    expect(m.match('i ADD 3 items to the cart').map((d) => d.line)).toEqual([13]);
    expect(m.match('the total is 12.5').map((d) => d.line)).toEqual([15]);
    expect(m.match('I pick the red shirt').map((d) => d.line)).toEqual([19]);
    expect(m.match('I pick the pink shirt')).toEqual([]);
    expect(m.match('I log in as ada')).toEqual([]);
  });

  it('reports a syntax error with line, column and the parser message', () => {
    const bad = readStepFile("import { Given } from '@cucumber/cucumber';\nGiven('x', async function () {\n  const = 1;\n});\n");
    expect(bad.definitions).toEqual([]);
    expect(bad.error).toEqual({ line: 3, column: 9, message: 'Unexpected token' });
    expect(validateCode('export const ok = 1;\n')).toBeNull();
    expect(validateCode('await import("x");')).toBeNull();
  });

  it('never executes the file', () => {
    const parsed = readStepFile("globalThis.__stepwiseRan = true;\nprocess.exit(1);\nGiven('safe', () => {});\n");
    expect(parsed.definitions).toHaveLength(1);
    expect((globalThis as Record<string, unknown>).__stepwiseRan).toBeUndefined();
  });
});

describe('removing definitions', () => {
  it('cuts the whole statement and its leading source comment, leaving the rest untouched', () => {
    const parsed = readStepFile(FILE);
    const [login, , total] = parsed.definitions;
    const out = removeDefinitions(FILE, [login, total]);
    expect(out).not.toContain('I log in as');
    expect(out).not.toContain('source: recorder');
    expect(out).not.toContain('the total is');
    expect(out).toContain('/* source: ai */\nQuand(');
    expect(out).toContain('// a helper comment, no source');
    expect(out).not.toMatch(/\n{3,}/);
    const again = readStepFile(out);
    expect(again.error).toBeNull();
    expect(again.definitions.map((d) => d.pattern)).toEqual(['^I add (\\d+) items? to the cart$', 'I pick the {color} shirt']);
  });
});

describe('the built-in step library', () => {
  const lib = builtinLibrary();
  const matcher = new StepMatcher(lib.definitions);

  it('holds the five default steps and the common web steps, all labelled as predefined user steps', () => {
    const patterns = lib.definitions.map((d) => d.pattern);
    expect(patterns).toEqual(expect.arrayContaining([
      'Load user test data for user {string}', 'Verify the text {string} can be found in the page', 'click on {string}', 'click {string}',
      'fill {string} with {string}', 'I open the {string} page', 'I am on the home page', 'I click the {string} button', 'I click the {string} link',
      'I fill the {string} field with {string}', 'I select {string} from {string}', 'I check {string}', 'I uncheck {string}', 'I press {string}',
      'I wait for the text {string}', 'I should see {string}', 'the URL should contain {string}', 'the page title should be {string}',
      'the element {string} should be visible', 'the element {string} should not be visible',
    ]));
    expect(lib.definitions.every((d) => d.source === 'builtin' && d.file === 'utils.mjs')).toBe(true);
    // A project's file cannot pass its steps off as built-in ones.
    expect(readStepFile("Given('x', { source: 'builtin' }, async function () {});\n// source: builtin\nWhen('y', async function () {});").definitions.map((d) => d.source)).toEqual(['user', 'user']);
    expect(lib.content).toContain("from '@cucumber/cucumber'");
    expect(lib.content).toContain('setDefaultTimeout(60 * 1000)');
  });

  it('has no two definitions matching the same step', () => {
    const samples = [
      'click on "Login"', 'click "Login"', 'fill "Email" with "a@b.c"', 'I open the "/cart" page', 'I am on the home page', 'I click the "Pay" button',
      'I wait 2 seconds', 'I wait 1 second', 'I should not see "Error"', 'the page title should contain "Shop"', 'Load user test data for user "ada"',
    ];
    for (const s of samples) expect(matcher.match(s), s).toHaveLength(1);
  });
});
