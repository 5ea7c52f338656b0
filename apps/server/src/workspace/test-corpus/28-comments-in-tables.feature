Feature: Comments inside tables

  Scenario Outline: Skip a row
    Given <x>

    Examples:
      | x |
      # | 0 | disabled row
      | 1 |
      | 2 |
