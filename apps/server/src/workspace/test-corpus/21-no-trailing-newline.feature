Feature: No newline at end

  Scenario: Last line
    Given the file ends without a newline