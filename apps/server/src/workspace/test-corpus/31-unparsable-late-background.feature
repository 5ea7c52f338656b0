Feature: Things in the wrong place

  Scenario: First
    Given a table with a short row
      | a | b |
      | c |

  Background:
    Given a background after a scenario
