Feature: Search

  Scenario Outline: Search for <term>
    Given I open the home page
    When I search for "<term>"
    Then I see <count> results

    Examples: common words
      | term  | count |
      | socks | 12    |
      | shoes | 40    |

    Examples: nothing found
      | term      | count |
      | zzzzzzzzz | 0     |
