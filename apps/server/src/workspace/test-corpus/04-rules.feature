Feature: Discounts

  Rule: Codes apply once
    Background:
      Given a cart worth 100

    Example: First use
      When I apply "TEN"
      Then I pay 90

    Example: Second use
      Given I used "TEN" before
      When I apply "TEN"
      Then I see "Code already used"

  Rule: Unknown codes are refused

    Scenario: Unknown code
      When I apply "NOPE"
      Then I see "Unknown code"
