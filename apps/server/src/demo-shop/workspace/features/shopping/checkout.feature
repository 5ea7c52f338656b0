@checkout
Feature: Checkout
  A shopper with a product in the cart gives the shipping details and places the order.

  Background:
    Given I open the "product?id=water-bottle" page
    And I click the "Add to cart" button
    And I open the "cart" page
    And I click the "Proceed to checkout" link
    Then the URL should contain "/checkout"

  @smoke
  Scenario: Place an order with express shipping
    When fill "Full name" with "Ada Lovelace"
    And fill "Email" with "ada@example.com"
    And fill "Address" with "12 Analytical Street"
    And fill "City" with "London"
    And I select "United Kingdom" from "Country"
    And I check "Express shipping ($9.99)"
    And I check "I accept the terms and conditions"
    Then I should see "Order total: $33.99"
    When I click the "Place order" button
    Then the URL should contain "confirmation?order=DS-"
    And the page title should be "Order confirmed - Demo Shop"
    And I should see "Thank you for your order"
    And I should see "Total paid: $33.99"

  @regression
  Scenario: The checkout form tells what is missing
    When I click the "Place order" button
    Then I should see "Please enter your full name"
    And I should see "Please enter a valid email address"
    And I should see "Please enter your address"
    And I should see "Please accept the terms and conditions"
    When fill "Full name" with "Ada Lovelace"
    And fill "Email" with "not-an-email"
    And I click the "Place order" button
    Then I should not see "Please enter your full name"
    And I should see "Please enter a valid email address"
    And the URL should contain "/checkout"
