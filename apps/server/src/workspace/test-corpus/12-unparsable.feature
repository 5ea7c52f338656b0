Feature: Broken on purpose

  Scenario: Unclosed doc string
    Given a step with a doc string
      """
      that never closes
