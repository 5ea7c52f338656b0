import { describe, expect, it } from 'vitest';
import { IDEA_MSG } from '@stepwise/shared';
import { addParameter, chosen, ideaRows, removeParameter, reviewed, selectionError, updateParameter, updateRow } from './ideas-state';

const ideas = [
  { name: 'Search for a product', flow: 'Given I am on the home page\nWhen I search for "<query>"', parameters: '{"query":"mug"}' },
  { name: 'Open the Cart page', flow: 'Given I am on the home page\nWhen I click the "Cart" link', parameters: '{}' },
];

describe('the ideas of the wizard', () => {
  it('start unchosen, with parameters as rows that are added, edited and removed', () => {
    let rows = ideaRows(ideas);
    expect(rows.map((r) => [r.selected, r.parameters])).toEqual([[false, [{ key: 'query', value: 'mug' }]], [false, []]]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    const [first] = rows;
    rows = updateRow(rows, first.id, addParameter(first));
    rows = updateRow(rows, first.id, updateParameter(rows[0], 1, { key: 'product', value: 'Mug' }));
    expect(rows[0].parameters).toEqual([{ key: 'query', value: 'mug' }, { key: 'product', value: 'Mug' }]);
    rows = updateRow(rows, first.id, removeParameter(rows[0], 0));
    expect(rows[0].parameters).toEqual([{ key: 'product', value: 'Mug' }]);
  });

  it('show the spec messages for the chosen ones: none, an empty field, a name twice, more than the plan allows', () => {
    let rows = ideaRows(ideas);
    expect(selectionError(rows, 5)).toBe(IDEA_MSG.selectOne);
    rows = rows.map((r) => ({ ...r, selected: true }));
    expect(selectionError(updateRow(rows, rows[1].id, { flow: ' ' }), 5)).toBe(IDEA_MSG.fillAllFields);
    expect(selectionError(updateRow(rows, rows[1].id, { name: 'search FOR a product' }), 5)).toBe(IDEA_MSG.nameExists);
    expect(selectionError(rows, 1)).toBe('You can add maximum 1 scenarios in your project as per the current plan.');
    expect(selectionError(rows, 2)).toBeNull();
    expect(chosen(updateRow(rows, rows[0].id, { selected: false })).map((r) => r.name)).toEqual(['Open the Cart page']);
  });

  it('become Gherkin with names unique in the feature', () => {
    const rows = ideaRows(ideas).map((r) => ({ ...r, selected: true }));
    const review = reviewed(rows, ['search for a product']);
    expect(review.map((r) => r.name)).toEqual(['Search for a product 2', 'Open the Cart page']);
    expect(review[0].gherkin).toContain('  Scenario Outline: Search for a product 2\n');
    expect(review[0].parameters).toBe('{"query":"mug"}');
    expect(review[1].gherkin).toBe('  @regression\n  Scenario: Open the Cart page\n    Given I am on the home page\n    When I click the "Cart" link\n');
  });
});
