Feature: Search
  Shoppers find products by a word from the search box in the shop's header.

  Scenario: Search from the header
    Given I am on the shop's home page
    When I search for "coffee" from the header
    Then the results are titled 'Search results for "coffee"'
    And the results list "Ceramic Coffee Mug"

  Scenario: A search without results says so
    Given I am on the shop's home page
    When I type "umbrella" into the search box and press the Search button
    Then the shop tells me 'No products found for "umbrella".'

  Scenario: A search page opened by its address lists what it found
    Given I am on the search page for "bottle"
    Then the results list "Steel Water Bottle"
    And the search summary reads "1 product found."
