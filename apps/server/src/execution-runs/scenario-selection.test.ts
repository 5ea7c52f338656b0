import { describe, expect, it } from 'vitest';
import { parseFeature } from '../workspace/gherkin-parse.ts';
import { selectGroup, tagExpression, type SelectableFeature } from './scenario-selection.ts';

const feature = (path: string, text: string): SelectableFeature => ({ path, parsed: parseFeature(text) });

// Sorted by path, as the branch's feature list is.
const FEATURES = [
  feature(
    'features/cart.feature',
    `@shop
Feature: Cart

  @smoke
  Scenario: Add one
    Given x

  Scenario: Remove one
    Given y

  Scenario Outline: Add many
    Given <n> items

    @slow
    Examples: small
      | n |
      | 1 |
      | 2 |

    Examples: large
      | n |
      | 9 |
`,
  ),
  feature(
    'features/checkout/pay.feature',
    `Feature: Pay

  @smoke @pay
  Scenario: Pay by card
    Given z

  Scenario: Add one
    Given same name as in cart
`,
  ),
];

const ref = (r: Partial<{ featureIndex: number; scenarioIndex: number; featurePath: string; scenarioName: string }>) => ({
  featureIndex: 0,
  scenarioIndex: 0,
  command: '',
  ...r,
});

describe('scenario selection of a group', () => {
  it('finds scenarios by feature path and name first, by index otherwise, each once', () => {
    const sel = selectGroup(
      {
        tags: ['ignored-when-scenarios-are-given'],
        scenarios: [
          ref({ featurePath: 'checkout/pay.feature', scenarioName: 'Add one', featureIndex: 0, scenarioIndex: 0 }),
          ref({ featurePath: 'features/cart.feature', scenarioName: 'Add many' }),
          ref({ featureIndex: 1, scenarioIndex: 0 }),
          ref({ featureIndex: 1, scenarioIndex: 0 }),
        ],
      },
      FEATURES,
    );
    expect(sel.paths).toEqual(['features/checkout/pay.feature:7', 'features/cart.feature:11', 'features/checkout/pay.feature:4']);
    expect(sel.tags).toBeNull();
    // The outline runs once per example row.
    expect(sel.expected).toBe(1 + 3 + 1);
    expect(sel.unresolved).toEqual([]);
  });

  it('reports references that match nothing, and never runs another scenario in place of a renamed one', () => {
    const sel = selectGroup(
      {
        tags: [],
        scenarios: [
          ref({ featurePath: 'cart.feature', scenarioName: 'Renamed since', featureIndex: 0, scenarioIndex: 0 }),
          ref({ featureIndex: 5, scenarioIndex: 0 }),
          ref({ featureIndex: 0, scenarioIndex: 1 }),
        ],
      },
      FEATURES,
    );
    expect(sel.paths).toEqual(['features/cart.feature:8']);
    expect(sel.unresolved).toEqual(['cart.feature: Renamed since', 'feature 5, scenario 0']);
  });

  it('selects by tags, OR-ed, with feature and examples tags inherited', () => {
    const smoke = selectGroup({ tags: ['@smoke'], scenarios: [] }, FEATURES);
    expect(smoke).toEqual({ paths: ['features/cart.feature', 'features/checkout/pay.feature'], tags: '@smoke', expected: 2, unresolved: [] });

    const slowOrPay = selectGroup({ tags: ['slow', '@pay'], scenarios: [] }, FEATURES);
    expect(slowOrPay.tags).toBe('@slow or @pay');
    // Two rows of the @slow examples, and the @pay scenario.
    expect(slowOrPay.expected).toBe(3);

    const shop = selectGroup({ tags: ['shop'], scenarios: [] }, FEATURES);
    expect(shop).toMatchObject({ paths: ['features/cart.feature'], expected: 1 + 1 + 3 });

    expect(selectGroup({ tags: ['nothing'], scenarios: [] }, FEATURES)).toMatchObject({ paths: [], expected: 0 });
    expect(selectGroup({ tags: [], scenarios: [] }, FEATURES)).toEqual({ paths: [], tags: null, expected: 0, unresolved: [] });
  });

  it('escapes what a tag expression would read as syntax', () => {
    expect(tagExpression(['@a(b)', 'c\\d', '@a(b)'])).toBe('@a\\(b\\) or @c\\\\d');
    expect(tagExpression([])).toBeNull();
  });
});
