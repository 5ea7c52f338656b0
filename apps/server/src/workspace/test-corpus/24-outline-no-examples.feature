Feature: New from the wizard

  @regression
  Scenario Outline: New from the wizard
