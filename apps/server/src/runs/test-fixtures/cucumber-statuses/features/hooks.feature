Feature: Hooks and empty scenarios

  Scenario: no steps

  @afterSkipped
  Scenario: after hook skipped
    Given a passing step

  @afterPending
  Scenario: after hook pending
    Given a passing step

  @beforeFails
  Scenario: before hook fails
    Given a passing step

  @afterFails
  Scenario: after hook fails
    Given a passing step

  @beforeSkipped
  Scenario: before hook skipped
    Given a passing step

  @beforePending
  Scenario: before hook pending
    Given a passing step

  Scenario: steps pass
    Given a passing step
    And a passing step

  Scenario: a step is pending
    Given a pending step
    And a passing step

  Scenario: a step is undefined
    Given a passing step
    And nothing defines this step
