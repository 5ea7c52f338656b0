Feature: Account
  The demo account logs in, sees its account page and logs out.

  Scenario: Log in with the demo account
    Given I am on the login page
    When I log in as "demo" with the password "demo123"
    Then I am welcomed with "Welcome back, Demo User!"

  Scenario: A wrong password is refused
    Given I am on the login page
    When I enter the username "demo" and the password "wrong" and press Enter
    Then the login is refused with "Invalid username or password"

  Scenario: Log out
    Given I am signed in as the demo user
    And I am on the account page
    When I log out
    Then I am told "You have been logged out."

  Scenario: The account link in the header opens my account
    Given I am signed in as the demo user
    And I am on the shop's home page
    When I open my account from the header
    Then I am welcomed with "Welcome back, Demo User!"

  Scenario: The header leads to the login page
    Given I am on the shop's home page
    When I go to the login page from the header
    Then the login form asks for my username and password
