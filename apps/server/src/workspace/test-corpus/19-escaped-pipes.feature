Feature: Escapes in tables

  Scenario: Pipes and backslashes
    Given the values:
      | value        | note                 |
      | a \| b       | escaped pipe         |
      | C:\\path     | escaped backslash    |
      | line\nbreak  | escaped newline      |
