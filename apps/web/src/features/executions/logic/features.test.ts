import { describe, expect, it } from 'vitest';
import { envDisplayName, featureDisplayName, featureLink, filterTags, flattenFeatures, groupByFeature, scenariosForTags, tagOptions, type PlannerFeatureNode } from './features';

const tree: PlannerFeatureNode[] = [
  {
    name: 'shop',
    path: 'shop',
    isFolder: true,
    children: [
      { name: 'cart.feature', path: 'shop/cart.feature', isFolder: false, tags: [], scenarios: [{ name: 'Add', tags: ['smoke'], line: 4 }, { name: 'Remove', tags: [] }] },
    ],
  },
  { name: 'login.feature', path: 'login.feature', isFolder: false, tags: ['auth'], scenarios: [{ name: 'Sign in', tags: [] }, { name: 'Sign out', tags: ['smoke'] }] },
  { name: 'about.feature', path: 'about.feature', isFolder: false, scenarios: [{ name: 'Read', tags: ['docs'] }] },
];

const cmd = (path: string, name: string, line?: number) => `${path}#${name}${line ? `@${line}` : ''}`;

describe('planner features', () => {
  it('flattens the tree to features sorted by path', () => {
    expect(flattenFeatures(tree).map((f) => f.path)).toEqual(['about.feature', 'login.feature', 'shop/cart.feature']);
    expect(flattenFeatures(tree)[2].name).toBe('cart');
  });

  it('selects scenarios whose own or feature tags match any selected tag', () => {
    const features = flattenFeatures(tree);
    expect(scenariosForTags(features, ['smoke'], cmd)).toEqual([
      { featureIndex: 1, scenarioIndex: 1, featurePath: 'login.feature', scenarioName: 'Sign out', command: 'login.feature#Sign out' },
      { featureIndex: 2, scenarioIndex: 0, featurePath: 'shop/cart.feature', scenarioName: 'Add', command: 'shop/cart.feature#Add@4' },
    ]);
    expect(scenariosForTags(features, ['@auth', 'docs'], cmd).map((r) => r.scenarioName)).toEqual(['Read', 'Sign in', 'Sign out']);
    expect(scenariosForTags(features, [], cmd)).toEqual([]);
    expect(scenariosForTags(features, ['none'], cmd)).toEqual([]);
  });

  it('offers tags without @, unique and sorted; searches them', () => {
    expect(tagOptions(['@smoke', 'auth', 'smoke', ''])).toEqual(['auth', 'smoke']);
    expect(filterTags(['auth', 'smoke', 'smoky'], '@SMO')).toEqual(['smoke', 'smoky']);
    expect(filterTags(['auth'], '  ')).toEqual(['auth']);
  });

  it('groups references by feature for the selected-scenarios modal', () => {
    const refs = scenariosForTags(flattenFeatures(tree), ['smoke', 'auth'], cmd);
    expect(groupByFeature(refs)).toEqual([
      { featurePath: 'login.feature', featureName: 'login', scenarios: [{ name: 'Sign in', scenarioIndex: 0 }, { name: 'Sign out', scenarioIndex: 1 }] },
      { featurePath: 'shop/cart.feature', featureName: 'cart', scenarios: [{ name: 'Add', scenarioIndex: 0 }] },
    ]);
  });

  it('strips display suffixes and links to the features page', () => {
    expect(featureDisplayName('cart.feature')).toBe('cart');
    expect(envDisplayName('staging.json')).toBe('staging');
    expect(envDisplayName('staging')).toBe('staging');
    expect(featureLink('p1', 'shop/cart.feature', 1)).toBe('/p1/features?feature=shop%2Fcart.feature&scenario=1');
  });
});
