import { describe, expect, it } from 'vitest';
import type { FeatureNode } from '../features.api';
import { formErrors, hasErrors, initialPlainEnglish, lineCount, plainEnglishInput } from './plain-english-state';

const feature = (path: string, scenarios: string[] = []): FeatureNode =>
  ({ name: path.split('/').at(-1)!, path, parents: path.split('/').slice(0, -1), isFolder: false, scenarios: scenarios.map((name) => ({ name })) }) as unknown as FeatureNode;
const tree: FeatureNode[] = [
  { name: 'shopping', path: 'shopping', parents: [], isFolder: true, children: [feature('shopping/cart.feature', ['Buy a mug'])] } as unknown as FeatureNode,
  feature('search.feature'),
];

describe('plain English form', () => {
  it('starts on the open feature, and needs a scenario name and a description', () => {
    const v = initialPlainEnglish(tree, 'shopping', 'shopping/cart.feature');
    expect(v).toMatchObject({ target: 'existing', featurePath: 'shopping/cart.feature', text: '' });
    const errors = formErrors(tree, v);
    expect(errors.feature).toBeNull();
    expect(errors.scenario).not.toBeNull();
    expect(errors.text).toBe('Describe the scenario in English first');
    expect(hasErrors(formErrors(tree, { ...v, scenarioName: 'Buy', text: 'I go home' }))).toBe(false);
  });

  it('sends an existing feature as its folder and name, the scenario name made unique', () => {
    const v = { ...initialPlainEnglish(tree, '', 'shopping/cart.feature'), scenarioName: 'Buy a mug', text: '  I go home\nI buy  ' };
    expect(plainEnglishInput(tree, v, 'demo')).toEqual({ environment: 'demo', featureName: 'cart', parentPath: 'shopping', scenarioName: 'Buy a mug 2', text: 'I go home\nI buy' });
  });

  it('sends a new feature by the name typed, in the folder chosen', () => {
    const v = { ...initialPlainEnglish(tree, '', null), target: 'new' as const, folder: 'shopping', featureName: ' English ', scenarioName: 'Mug', text: 'x' };
    expect(plainEnglishInput(tree, v, 'demo')).toMatchObject({ featureName: 'English', parentPath: 'shopping', scenarioName: 'Mug' });
    expect(formErrors(tree, { ...v, featureName: 'cart' }).feature).not.toBeNull();
  });

  it('counts the lines that hold a step', () => {
    expect(lineCount('a\n\n  b  \r\nc\n')).toBe(3);
  });
});
