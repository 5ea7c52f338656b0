Feature: Überweisung 💸

  Scenario: Geld senden an Zoë
    Given ich bin als "Jürgen" angemeldet
    When ich 10 € an "Zoë Ñáñez" sende
    Then sehe ich "Überweisung erfolgreich ✓"
