@api
Feature: Docstrings with media types

  Scenario: XML body
    When I post:
      """xml
      <order id="1">
        <item>socks</item>
      </order>
      """
    Then I get "<ok/>"

  Scenario: Empty doc string
    Given an empty body:
      """
      """
