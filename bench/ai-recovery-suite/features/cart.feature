Feature: Cart
  The cart lists what the shopper picked, with quantities, totals and the way to the checkout.

  Scenario: Change the quantity of a product in the cart
    Given my cart already holds 1 of "Ceramic Coffee Mug"
    And I am on the cart page
    When I change the quantity of "Ceramic Coffee Mug" to 3
    Then the line total of "Ceramic Coffee Mug" is "$37.50"

  Scenario: Remove a product from the cart
    Given my cart already holds 1 of "Dotted Notebook"
    And my cart already holds 2 of "Trail Backpack"
    And I am on the cart page
    When I remove "Dotted Notebook" from the cart
    Then the cart no longer lists "Dotted Notebook"
    And the cart total reads "$99.98"

  Scenario: The cart summary counts the items
    Given my cart already holds 3 of "Ceramic Coffee Mug"
    And I am on the cart page
    Then the cart summary counts 3 items

  Scenario: Go from the cart to the checkout
    Given my cart already holds 1 of "Organic Cotton T-Shirt"
    And I am on the cart page
    When I proceed to the checkout
    Then I am on the checkout with "1 × Organic Cotton T-Shirt" in my order

  Scenario: The cart link in the header opens the cart
    Given my cart already holds 2 of "Ceramic Coffee Mug"
    And I am on the shop's home page
    When I open the cart from the header
    Then the cart page is titled "Your cart"
