Feature: Simple login

  Scenario: Sign in with a valid account
    Given I open the login page
    When I fill "email" with "ada@example.com"
    And I fill "password" with "secret"
    And I click "Sign in"
    Then I see "Welcome"
