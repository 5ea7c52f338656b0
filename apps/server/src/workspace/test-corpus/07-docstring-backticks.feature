Feature: Markdown notes

  Scenario: Render a note
    Given a note with the text:
      ```markdown
      # Title
      Some *emphasis* and a """ triple quote inside.
      ```
    When I render it
    Then I see a heading "Title"
