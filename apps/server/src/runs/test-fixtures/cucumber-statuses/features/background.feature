Feature: Background only

  Background:
    Given a passing step

  Scenario: nothing of its own

  @afterSkipped
  Scenario: nothing of its own but a skipped hook

  @afterFails
  Scenario: nothing of its own but a failing hook

  Scenario: steps of its own
    Given a passing step
