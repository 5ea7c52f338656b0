Feature: Mixed arguments

  Scenario: Doc string then table in separate steps
    Given the template:
      """
      Hello {name}
      """
    And the names:
      | name |
      | Ada  |
      | Bob  |
    Then I get 2 greetings
