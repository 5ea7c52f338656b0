Feature: Star steps

  Scenario: Shopping list
    Given I need:
    * milk
    * eggs
    * bread
    But not butter
