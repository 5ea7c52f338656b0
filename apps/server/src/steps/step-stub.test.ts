import { describe, expect, it } from 'vitest';
import { parseFeature, type ScenarioStep } from './feature-steps.ts';
import { readStepFile, validateCode } from './step-definitions.ts';
import { StepMatcher } from './step-matcher.ts';
import { addStubToFile, jsString, stubExpression } from './step-stub.ts';

const matcher = new StepMatcher([]);
const step = (text: string, keywordType: ScenarioStep['keywordType'] = 'When', texts = [text]): ScenarioStep => ({
  keyword: keywordType, keywordType, text, texts, background: false, line: 1,
});

describe('stubs of unimplemented steps', () => {
  it('turns quoted text into {string} and numbers into {int}/{float}, escaping what cucumber expressions reserve', () => {
    expect(stubExpression(step('I add "shoes" 3 times for 9.99'), matcher)).toEqual({ pattern: 'I add {string} {int} times for {float}', params: ['string', 'int', 'float'] });
    expect(stubExpression(step('I see {braces} and (parens) / slash'), matcher).pattern).toBe('I see \\{braces} and \\(parens) \\/ slash');
    const outline = step('I buy "<item>" x <n>', 'When', ['I buy "hat" x 3', 'I buy "a \\"b\\"" x 12']);
    expect(stubExpression(outline, matcher).pattern).toBe('I buy {string} x {int}');
  });

  it('adds the keyword and setDefaultTimeout to an existing cucumber import, once', () => {
    const file = "// header\nimport { Given } from '@cucumber/cucumber';\nimport fs from 'node:fs';\n\nGiven('a', () => {});\n";
    const out = addStubToFile(file, step('I pay'), matcher);
    expect(out).toContain("import { Given, When, setDefaultTimeout } from '@cucumber/cucumber';\nimport fs from 'node:fs';\n\nsetDefaultTimeout(60 * 1000);\n");
    expect(validateCode(out)).toBeNull();
    expect(readStepFile(out).definitions.map((d) => [d.keyword, d.pattern, d.source])).toEqual([['Given', 'a', 'user'], ['When', 'I pay', 'user']]);
    const twice = addStubToFile(out, step('I leave', 'Then'), matcher);
    expect(twice.match(/setDefaultTimeout\(60 \* 1000\)/g)).toHaveLength(1);
    expect(twice).toContain("import { Given, When, setDefaultTimeout, Then } from '@cucumber/cucumber';");
    expect(validateCode(twice)).toBeNull();
  });

  it('adds its own import when the file has none or imports cucumber as a namespace', () => {
    const none = addStubToFile('export const helper = 1;\n', step('x'), matcher);
    expect(none.startsWith("import { When, setDefaultTimeout } from '@cucumber/cucumber';\n\nsetDefaultTimeout(60 * 1000);\n\nexport const helper = 1;\n")).toBe(true);
    expect(validateCode(none)).toBeNull();
    const ns = addStubToFile("import * as cucumber from '@cucumber/cucumber';\ncucumber.setDefaultTimeout(5000);\n", step('x', 'Given'), matcher);
    expect(ns).toContain("import * as cucumber from '@cucumber/cucumber';\nimport { Given } from '@cucumber/cucumber';\ncucumber.setDefaultTimeout(5000);");
    expect(ns.match(/setDefaultTimeout\(/g)).toHaveLength(1);
    expect(validateCode(ns)).toBeNull();
  });

  it('appends to a file that does not parse without touching the rest', () => {
    const out = addStubToFile('Given("x", () => {\n', step('y'), matcher);
    expect(out.startsWith('Given("x", () => {\n')).toBe(true);
    expect(out).toContain("When('y', { timeout: 120000 }, async function () {");
  });

  it('quotes pattern text safely', () => {
    expect(jsString("it's a \\ path\u2028")).toBe("'it\\'s a \\\\ path\\u2028'");
  });
});

describe('reading scenarios', () => {
  it('resolves And/But to the step before and lists backgrounds first; a broken file keeps its step-like lines', () => {
    const parsed = parseFeature('Feature: F\n  Background:\n    Given a\n  Scenario: S\n    And b\n    When c\n    But d\n    * e\n');
    expect(parsed.scenarios[0].steps.map((s) => [s.keyword, s.keywordType, s.text, s.background])).toEqual([
      ['Given', 'Given', 'a', true], ['And', 'Given', 'b', false], ['When', 'When', 'c', false], ['But', 'When', 'd', false], ['*', 'When', 'e', false],
    ]);
    const broken = parseFeature('Feature: F\n  Scenario: S\n    Given a thing\n  Nonsense here\n');
    expect(broken.parseError).toMatch(/\(4:3\)/);
    expect(broken.looseTexts).toEqual(['a thing']);
  });
});
