Feature: Background only

  Background:
    Given a shared setup
