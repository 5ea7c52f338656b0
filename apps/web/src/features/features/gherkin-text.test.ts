import { describe, expect, it } from 'vitest';
import { insertStepComment, renameScenarioText, scenarioTitle, setScenarioTags, stepLineIndexes } from './gherkin-text';

const SCENARIO = ['  @regression @smoke', '  Scenario: Pay by card', '    Given I am on the home page', '    """', '    Given not a step', '    """', '    Then I should see "Thanks"'].join('\n');

describe('gherkin-text', () => {
  it('renames the title and keeps indentation and keyword', () => {
    const renamed = renameScenarioText(SCENARIO, 'Pay by voucher');
    expect(renamed.split('\n')[1]).toBe('  Scenario: Pay by voucher');
    expect(scenarioTitle(renamed)).toBe('Pay by voucher');
  });

  it('replaces the tag lines with one line, or none', () => {
    expect(setScenarioTags(SCENARIO, ['smoke', 'fast']).split('\n')[0]).toBe('  @smoke @fast');
    expect(setScenarioTags(SCENARIO, []).split('\n')[0]).toBe('  Scenario: Pay by card');
  });

  it('finds steps outside doc strings', () => {
    expect(stepLineIndexes(SCENARIO)).toEqual([2, 6]);
  });

  it('puts comment lines above the step', () => {
    const lines = insertStepComment(SCENARIO, 1, 'check the total\n\n  and the currency ').split('\n');
    expect(lines.slice(6, 9)).toEqual(['    # check the total', '    # and the currency', '    Then I should see "Thanks"']);
  });
});
