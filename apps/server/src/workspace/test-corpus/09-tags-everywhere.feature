@feature-tag @team_checkout
Feature: Tags on everything

  @rule-tag
  Rule: Tagged rule

    @smoke @p1
    Scenario Outline: Tagged outline <n>
      Given number <n>

      @examples-a
      Examples: first
        | n |
        | 1 |

      @examples-b @slow
      Examples: second
        | n |
        | 2 |

  @untagged-rule-scenario
  Rule: Second rule
    @wip
    Scenario: Work in progress
      Given nothing yet
