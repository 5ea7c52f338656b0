Feature: Comments between tags

  # first note
  @a
  # second note
  @b
  Scenario: Tagged with comments between
    Given something
