Feature: API

  Scenario: Post JSON
    When I post to "/api/orders":
      """json
      {
        "item": "socks",
        "quantity": 2
      }
      """
    Then the response status is 201
