Feature: Products
  A product's page shows it and puts it in the cart; so does the product list.

  Scenario: Add two of a product from its page
    Given I am on the product page of "trail-backpack"
    When I choose a quantity of 2
    And I add the product to my cart
    Then the page confirms "Trail Backpack was added to your cart."
    And the cart badge shows 2

  Scenario: Add a product from the product list and find it in the cart
    Given I am on the shop's home page
    When I add "Steel Water Bottle" to the cart from the product list
    And I open the cart from the confirmation message
    Then my cart has a line for "Steel Water Bottle" costing "$24.00"

  Scenario: A product page shows its name and price
    Given I am on the product page of "wireless-headphones"
    Then the product heading reads "Wireless Headphones"
    And the price shown is "$89.00"
