# A file about comments
# with two header lines
Feature: Comments everywhere
  # comment under the feature line

  # comment above a scenario
  Scenario: Commented steps
    # before the first step
    Given a step
    # between steps
    When another step
    # Then a commented-out step
    Then a final step
  # trailing comment at the end
