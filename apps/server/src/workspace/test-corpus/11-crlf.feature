Feature: Windows line endings

  Scenario: CRLF one
    Given a file from Windows
    Then it keeps its line endings

  Scenario: CRLF two
    Given another scenario
