Feature: Shipping

  Rule: Free shipping over 50
    Scenario Outline: Order of <amount>
      Given an order of <amount>
      Then shipping costs <cost>

      Examples:
        | amount | cost |
        | 49     | 5    |
        | 50     | 0    |
