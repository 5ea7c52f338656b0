@cart
Feature: Shopping cart
  Shoppers put products in the cart, change the quantities and remove what they no longer want.
  The cart is kept in the browser, so every scenario starts with an empty one.

  Background:
    Given I am on the home page
    Then the page title should be "Demo Shop"

  @smoke
  Scenario: The home page lists the products with their prices
    Then I should see "Welcome to the Demo Shop"
    And I should see "Wireless Headphones"
    And I should see "$89.00"
    And the element ".product-card" should be visible

  @smoke
  Scenario: Add a product to the cart from its page
    When click "Trail Backpack"
    Then the URL should contain "product?id=trail-backpack"
    And the page title should be "Trail Backpack - Demo Shop"
    When I click the "Add to cart" button
    Then I should see "Trail Backpack was added to your cart."
    When I click the "View cart" link
    Then the URL should contain "/cart"
    And I should see "Trail Backpack"
    And I should see "Total: $49.99"

  @regression
  Scenario: Change the quantity of a product in the cart
    When click "Ceramic Coffee Mug"
    And I click the "Add to cart" button
    And I open the "cart" page
    Then I should see "Total: $12.50"
    When I select "3" from "Quantity"
    Then I should see "Total: $37.50"

  @regression
  Scenario: Remove a product from the cart
    When click "Dotted Notebook"
    And I click the "Add to cart" button
    And I open the "cart" page
    Then I should see "Dotted Notebook"
    When I click the "Remove" button
    Then I should see "Your cart is empty."
    And I should not see "Dotted Notebook"
