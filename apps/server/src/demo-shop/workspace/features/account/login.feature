@login
Feature: Login
  The demo account signs in with the username "demo" and the password "demo123".

  Background:
    Given I open the "login" page
    Then the page title should be "Log in - Demo Shop"

  @smoke
  Scenario: Log in with the demo account
    When fill "Username" with "demo"
    And fill "Password" with "demo123"
    And I click the "Log in" button
    Then the URL should contain "/account"
    And I should see "Welcome back, Demo User!"
    And I should see "You are signed in as demo."

  @regression
  Scenario: A wrong password is refused
    When fill "Username" with "demo"
    And fill "Password" with "wrong-password"
    And I click the "Log in" button
    Then I should see "Invalid username or password"
    And the URL should contain "/login"

  @regression
  Scenario: Log out
    When fill "Username" with "demo"
    And fill "Password" with "demo123"
    And click "Log in"
    Then I should see "My account"
    When I click the "Log out" button
    Then I should see "You have been logged out."
    And the URL should contain "/login"
