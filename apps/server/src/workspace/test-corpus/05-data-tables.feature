Feature: Address book

  Scenario: Add several contacts
    Given the following contacts:
      | name  | email             | phone        |
      | Ada   | ada@example.com   | +44 1234 567 |
      | Grace | grace@example.com |              |
    When I open the address book
    Then I see 2 contacts
