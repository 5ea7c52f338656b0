// eslint-disable-next-line no-restricted-imports -- tests run under vitest; the boundary guards the shipped code
import { describe, expect, it } from 'vitest';
import {
  IDEA_MSG, fillPlaceholders, ideaGherkin, ideaParametersJson, ideaSelectionError, ideaSteps, maxScenariosMessage, parseIdeaParameters, uniqueIdeaNames,
} from './scenario-ideas.ts';

const idea = (name: string, flow = 'Given I am on the home page', parameters: Array<{ key: string; value: string }> = []) => ({ name, flow, parameters });

describe('scenario ideas', () => {
  it('are checked in the spec order: none chosen, a field empty, a name twice ignoring case, more than the plan allows', () => {
    expect(ideaSelectionError([], 5)).toBe(IDEA_MSG.selectOne);
    expect(ideaSelectionError([idea('')], 5)).toBe(IDEA_MSG.fillAllFields);
    expect(ideaSelectionError([idea('A', '  ')], 5)).toBe(IDEA_MSG.fillAllFields);
    expect(ideaSelectionError([idea('A', 'When I search for "<q>"', [{ key: ' ', value: 'mug' }])], 5)).toBe(IDEA_MSG.fillAllFields);
    expect(ideaSelectionError([idea('Search'), idea('search ')], 5)).toBe(IDEA_MSG.nameExists);
    expect(ideaSelectionError([idea('A'), idea('B'), idea('C')], 2)).toBe('You can add maximum 2 scenarios in your project as per the current plan.');
    expect(maxScenariosMessage(0)).toBe('You can add maximum 0 scenarios in your project as per the current plan.');
    expect(ideaSelectionError([idea('A', 'When I search for "<q>"', [{ key: 'query', value: 'mug' }])], 5)).toBe('The flow uses <q>, which is not a parameter.');
    expect(ideaSelectionError([idea('A', 'When I search for "<q>"', [{ key: 'q', value: 'mug' }]), idea('B')], 2)).toBeNull();
  });

  it('keep parameters as the spec JSON string of key/value pairs', () => {
    expect(parseIdeaParameters('{"query":"mug","count":2}')).toEqual([{ key: 'query', value: 'mug' }, { key: 'count', value: '2' }]);
    expect(parseIdeaParameters('')).toEqual([]);
    for (const bad of ['[]', '"x"', '{"a":{"b":1}}', '{nope']) expect(parseIdeaParameters(bad)).toBeNull();
    expect(ideaParametersJson([{ key: ' query ', value: 'mug' }])).toBe('{"query":"mug"}');
  });

  it('become a Scenario Outline with one example row, or a plain Scenario without parameters', () => {
    const flow = 'Given I am on the home page\nWhen I search for "<query>"\nI open the "<product>" link\nI should see "<product>"';
    const rows = [{ key: 'query', value: 'a|b' }, { key: 'product', value: 'Mug' }];
    expect(ideaSteps(flow).map((s) => s.keyword)).toEqual(['Given', 'When', 'When', 'Then']);
    expect(ideaGherkin('Find', flow, rows, ['regression'])).toBe(
      '  @regression\n  Scenario Outline: Find\n    Given I am on the home page\n    When I search for "<query>"\n    And I open the "<product>" link\n' +
        '    Then I should see "<product>"\n\n    Examples:\n      | query | product |\n      | a\\|b  | Mug     |\n',
    );
    expect(ideaGherkin('Home', '- I go to the home page\nAnd I see "Hi"', [])).toBe('  Scenario: Home\n    Given I go to the home page\n    And I see "Hi"\n');
    expect(fillPlaceholders('I search for "<query>" and <other>', rows)).toBe('I search for "a|b" and <other>');
  });

  it('get names unique with a numeric suffix', () => {
    expect(uniqueIdeaNames(['Search', 'Login', 'search'], ['SEARCH'])).toEqual(['Search 2', 'Login', 'search 3']);
  });
});
