Feature: Template keyword

  Scenario Template: Login as <role>
    Given I am a <role>
    Then I see the <page> page

    Scenarios:
      | role  | page      |
      | admin | dashboard |
      | guest | home      |
