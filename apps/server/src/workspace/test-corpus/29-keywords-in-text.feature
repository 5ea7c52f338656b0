Feature: Keywords inside text

  Scenario: Text that looks like keywords
    Given the message "Scenario: not a scenario"
    And the message "Feature: not a feature"
    Then I see "Given When Then"
