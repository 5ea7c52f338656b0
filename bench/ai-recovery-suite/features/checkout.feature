Feature: Checkout
  The checkout takes the shipping details, the shipping method and the terms, and places the order.

  Scenario: Place an order with express shipping
    Given my cart already holds 1 of "Trail Backpack"
    And I am on the checkout page
    When I enter my full name "Ada Lovelace"
    And I enter my email "ada@example.com"
    And I enter my street address "12 Analytical Row" in "London"
    And I pick "United Kingdom" as the country
    And I choose express shipping
    And I accept the terms and conditions
    And I place the order
    Then the order is confirmed with "Thank you for your order"
    And the confirmation reads "Total paid: $59.98"

  Scenario: The checkout refuses an invalid email address
    Given my cart already holds 1 of "Dotted Notebook"
    And I am on the checkout page
    When I enter my email "not-an-email"
    And I place the order
    Then the email field says "Please enter a valid email address"

  Scenario: Express shipping is added to the order total
    Given my cart already holds 2 of "Ceramic Coffee Mug"
    And I am on the checkout page
    When I choose express shipping
    Then the order total reads "$34.99"

  Scenario: Accepting the terms is not enough to order
    Given my cart already holds 1 of "Steel Water Bottle"
    And I am on the checkout page
    When I accept the terms and conditions
    And I place the order
    Then the checkout still asks for my full name
    And it no longer asks me to accept the terms

  Scenario: The checkout lists what I am ordering
    Given my cart already holds 2 of "Ceramic Coffee Mug"
    And I am on the checkout page
    Then my order summary lists "2 × Ceramic Coffee Mug"

  Scenario: The checkout takes the address and asks for what is still missing
    Given my cart already holds 1 of "Organic Cotton T-Shirt"
    And I am on the checkout page
    When I enter my street address "12 Analytical Row" in "London"
    And I place the order
    Then the checkout still asks for my full name
    And it no longer asks for my address
