import type { CompactScenarioDto } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { readScenarioView, readSelection, scenarioIndexOf } from './feature-selection';
import type { FeatureNode } from './features.api';
import { flattenTree } from './tree-flatten';
import { featureId, folderId } from './tree-model';

const scenario = (name: string): CompactScenarioDto => ({ type: 'Scenario', name, tags: [], line: 1, rule: null, startLine: 1, endLine: 1 });
const feature = (path: string, names: string[]): FeatureNode => ({
  name: path.split('/').pop()!, path, parents: path.split('/').slice(0, -1), isFolder: false, scenarios: names.map(scenario),
});
const TREE: FeatureNode[] = [
  { name: 'checkout', path: 'checkout', parents: [], isFolder: true, children: [feature('checkout/payment.feature', ['Pay by card', 'Pay by voucher'])] },
  feature('login.feature', ['Sign in']),
];
const labels = (items: ReturnType<typeof flattenTree>) => items.map((i) => (i.kind === 'scenario' ? i.scenario.name : i.kind === 'input' ? 'input' : i.node.name));

describe('flattenTree', () => {
  it('shows only expanded levels', () => {
    expect(labels(flattenTree(TREE, new Set(), '', null))).toEqual(['checkout', 'login.feature']);
    const open = new Set([folderId('checkout'), featureId('checkout/payment.feature')]);
    expect(labels(flattenTree(TREE, open, '', null))).toEqual(['checkout', 'payment.feature', 'Pay by card', 'Pay by voucher', 'login.feature']);
  });

  it('filters and expands the way to the matches', () => {
    expect(labels(flattenTree(TREE, new Set(), 'voucher', null))).toEqual(['checkout', 'payment.feature', 'Pay by voucher']);
    expect(flattenTree(TREE, new Set(), 'nothing', null)).toEqual([]);
  });

  it('puts the inline folder input under its parent', () => {
    expect(labels(flattenTree(TREE, new Set(), '', { parentPath: 'checkout', renaming: null }))).toEqual(['checkout', 'input', 'payment.feature', 'login.feature']);
  });
});

describe('feature selection', () => {
  it('splits a legacy feature value into folders and a name', () => {
    expect(readSelection(new URLSearchParams('feature=checkout/payment&scenario=1'))).toEqual({ folder: 'checkout', feature: 'payment.feature', scenario: '1' });
  });

  it('resolves a scenario index or name', () => {
    const sel = (s: string) => readSelection(new URLSearchParams(`feature=x&scenario=${s}`));
    expect(scenarioIndexOf(sel('1'), ['a', 'b'])).toBe(1);
    expect(scenarioIndexOf(sel('b'), ['a', 'b'])).toBe(1);
    expect(scenarioIndexOf(sel('7'), ['a', 'b'])).toBe(0);
  });

  it('reads the scenario view option, defaulting to both', () => {
    const view = (q: string) => readScenarioView(new URLSearchParams(q));
    expect(view('scenario-view-toggle-option=steps')).toBe('steps');
    expect(view('scenario-view-toggle-option=gherkin')).toBe('gherkin');
    expect(view('scenario-view-toggle-option=sideways')).toBe('both');
    expect(view('')).toBe('both');
  });
});
