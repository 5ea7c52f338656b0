@search
Feature: Search
  Shoppers find products with the search box in the header of every page.

  Background:
    Given I am on the home page

  @smoke @regression
  Scenario Outline: Search for "<term>"
    When fill "Search products" with "<term>"
    And I press "Enter"
    Then the URL should contain "search?q=<term>"
    And I should see "<result>"

    Examples:
      | term     | result             |
      | backpack | Trail Backpack     |
      | coffee   | Ceramic Coffee Mug |
      | umbrella | No products found  |
