Feature: Cart

  Background:
    Given an empty cart
    And I am signed in as "ada"

  Scenario: Add one item
    When I add "socks"
    Then the cart holds 1 item

  Scenario: Remove the item
    Given the cart holds "socks"
    When I remove "socks"
    Then the cart is empty
