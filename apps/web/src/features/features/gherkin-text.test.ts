import { WS_MSG } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import {
  insertStepComment, renameScenarioText, scenarioParameters, scenarioSteps, scenarioTitle, setScenarioParameters, setScenarioTags, stepLineIndexes, tableCells,
} from './gherkin-text';
import { parameterErrors } from './scenario/scenario-parameters';

const SCENARIO = ['  @regression @smoke', '  Scenario: Pay by card', '    Given I am on the home page', '    """', '    Given not a step', '    """', '    Then I should see "Thanks"'].join('\n');

const OUTLINE = [
  '  Scenario Outline: Sign in',
  '    Given I sign in as <user>',
  '',
  '    @fast',
  '    Examples: Shoppers',
  '      A description',
  '      | user  | password |',
  '      # a comment',
  '      | ann   | s3cret   |',
].join('\n');

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

  it('finds steps outside doc strings, as the parser does (keyword with its space)', () => {
    expect(stepLineIndexes(SCENARIO)).toEqual([2, 6]);
    expect(stepLineIndexes('  Scenario: x\n    Given\n    Givenish thing\n    And it works')).toEqual([3]);
    expect(scenarioSteps(SCENARIO, 10).map((s) => s.line)).toEqual([12, 16]);
  });

  it('puts comment lines above the step', () => {
    const lines = insertStepComment(SCENARIO, 1, 'check the total\n\n  and the currency ').split('\n');
    expect(lines.slice(6, 9)).toEqual(['    # check the total', '    # and the currency', '    Then I should see "Thanks"']);
  });
});

describe('scenario parameters (the Examples table as key/value rows)', () => {
  it('reads the header and the one data row', () => {
    expect(scenarioParameters(OUTLINE)).toEqual({ rows: [{ key: 'user', value: 'ann' }, { key: 'password', value: 's3cret' }], editable: true, exampleRows: 1 });
    expect(scenarioParameters(SCENARIO)).toEqual({ rows: [], editable: true, exampleRows: 0 });
  });

  it('leaves several rows or tables to the Gherkin editor', () => {
    const twoRows = `${OUTLINE}\n      | bob   | pw       |`;
    expect(scenarioParameters(twoRows)).toMatchObject({ editable: false, exampleRows: 2 });
    const twoTables = `${OUTLINE}\n\n    Examples:\n      | user |\n      | cy   |`;
    expect(scenarioParameters(twoTables)).toMatchObject({ editable: false, exampleRows: 2 });
  });

  it('replaces the table and keeps the Examples name, tags and description', () => {
    const next = setScenarioParameters(OUTLINE, [{ key: 'user', value: 'bo|b' }, { key: 'note', value: 'a\\b' }]).split('\n');
    expect(next.slice(3)).toEqual(['    @fast', '    Examples: Shoppers', '      A description', '      | user  | note |', '      | bo\\|b | a\\\\b |']);
    expect(tableCells(next[7])).toEqual(['bo|b', 'a\\b']);
  });

  it('adds Examples after the steps and makes a Scenario an outline; no rows remove them', () => {
    const added = setScenarioParameters(SCENARIO, [{ key: 'card', value: 'visa' }]);
    expect(added.split('\n')).toEqual([...SCENARIO.replace('Scenario:', 'Scenario Outline:').split('\n'), '', '    Examples:', '      | card |', '      | visa |']);
    expect(scenarioParameters(added).rows).toEqual([{ key: 'card', value: 'visa' }]);
    expect(setScenarioParameters(OUTLINE, []).split('\n')).toEqual(['  Scenario Outline: Sign in', '    Given I sign in as <user>']);
  });

  it('needs a key on every row, each key once', () => {
    expect(parameterErrors([{ key: 'user', value: '' }, { key: ' ', value: 'x' }, { key: 'user', value: 'y' }])).toEqual([null, WS_MSG.fillAllFields, WS_MSG.testDataDuplicate]);
  });
});
