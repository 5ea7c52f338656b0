import languages from '@cucumber/gherkin/dist/gherkin-languages.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeatureNode } from './features.api';
import { featureLanguage, loadKeywords } from './gherkin-dialect';
import { cutLines, scenarioView, splitLines } from './scenario-content';

const FILE = [
  'Feature: Checkout',
  '',
  '  Background:',
  '    Given I am signed in',
  '',
  '  # the usual way',
  '  @smoke',
  '  Scenario: Pay by card',
  '    Given I am on the home page',
  '    """',
  '    Then not a step',
  '    """',
  '    * I add 2 items to the cart',
  '      | item | count |',
  '      | tea  | 2     |',
  '    Then I should see "Thanks"',
  '',
  '  Scenario Outline: Pay with <method>',
  '    When I pay with <method>',
  '    Examples:',
  '      | method |',
  '      | card   |',
].join('\n');

const node = (content: string, spans: Array<[number, number, string]>): FeatureNode => ({
  name: 'checkout.feature', path: 'checkout.feature', parents: [], isFolder: false, content,
  scenarios: spans.map(([startLine, endLine, name]) => ({ type: 'Scenario', name, tags: [], line: startLine, rule: null, startLine, endLine })),
});

describe('scenario content from the compact list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cuts the scenario lines without the last line break, for LF and CRLF files', () => {
    expect(cutLines(splitLines('a\nb\r\nc\r\n'), 2, 3)).toBe('b\r\nc');
    expect(cutLines(splitLines('a\nb'), 2, 2)).toBe('b');
    expect(cutLines(splitLines('a\n'), 5, 6)).toBe('');
  });

  it('gives text and steps with their file lines, skipping doc strings and stopping at Examples', () => {
    const feature = node(FILE, [[6, 16, 'Pay by card'], [18, 22, 'Pay with <method>']]);
    const first = scenarioView(feature, 0)!;
    expect(first.content.split('\n')[0]).toBe('  # the usual way');
    expect(first.content.endsWith('Then I should see "Thanks"')).toBe(true);
    expect(first.steps).toEqual([
      { keyword: 'Given ', text: 'I am on the home page', line: 9 },
      { keyword: '* ', text: 'I add 2 items to the cart', line: 13 },
      { keyword: 'Then ', text: 'I should see "Thanks"', line: 16 },
    ]);
    expect(scenarioView(feature, 1)!.steps).toEqual([{ keyword: 'When ', text: 'I pay with <method>', line: 19 }]);
    expect(scenarioView(feature, 0)).toBe(first);
    expect(scenarioView(feature, 2)).toBeUndefined();
  });

  it('follows a refetched list that kept the scenario entry but not the feature (structural sharing)', () => {
    const before = node('Feature: x\n  Scenario: a\n    Given one\n', [[2, 3, 'a']]);
    expect(scenarioView(before, 0)!.steps[0].text).toBe('one');
    const after: FeatureNode = { ...before, content: 'Feature: x\n  Scenario: a\n    Given two\n' };
    expect(after.scenarios![0]).toBe(before.scenarios![0]);
    expect(scenarioView(after, 0)!.steps[0].text).toBe('two');
  });

  it('reads the steps of a file in another language with its keywords', async () => {
    // In the browser the parser's language table is fetched from the built assets.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(languages)));
    const content = '# language: fr\nFonctionnalité: Paiement\n\n  Scénario: Payer\n    Soit je suis connecté\n    Lorsqu\'il paie\n    Alors il voit "Merci"\n';
    expect(featureLanguage(content)).toBe('fr');
    expect(featureLanguage('Feature: x\n# language: fr\n')).toBe('en');
    const fr = await loadKeywords('fr');
    const steps = scenarioView(node(content, [[4, 7, 'Payer']]), 0, fr)!.steps;
    expect(steps.map((s) => [s.keyword, s.text])).toEqual([['Soit ', 'je suis connecté'], ["Lorsqu'", 'il paie'], ['Alors ', 'il voit "Merci"']]);
  });
});
