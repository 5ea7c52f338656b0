Feature: Long description
  As a shopper
  I want to see a long description
  So that the parser keeps it

  Scenario: With its own description
    This scenario explains itself
    over two lines.

    Given a described scenario
    Then it parses
