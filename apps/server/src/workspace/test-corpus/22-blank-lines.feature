

Feature: Extra blank lines


  Scenario: Spread out
    Given a step


    When another step



  Scenario: Next
    Then done


