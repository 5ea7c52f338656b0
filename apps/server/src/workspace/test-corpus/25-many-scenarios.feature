Feature: Many scenarios

  @n1
  Scenario: Number 1
    Given step 1
    Then result 1

  @n2
  Scenario: Number 2
    Given step 2
    Then result 2

  @n3
  Scenario: Number 3
    Given step 3
    Then result 3

  @n4
  Scenario: Number 4
    Given step 4
    Then result 4

  @n5
  Scenario: Number 5
    Given step 5
    Then result 5

  @n6
  Scenario: Number 6
    Given step 6
    Then result 6

  @n7
  Scenario: Number 7
    Given step 7
    Then result 7

  @n8
  Scenario: Number 8
    Given step 8
    Then result 8

  @n9
  Scenario: Number 9
    Given step 9
    Then result 9

  @n10
  Scenario: Number 10
    Given step 10
    Then result 10

  @n11
  Scenario: Number 11
    Given step 11
    Then result 11

  @n12
  Scenario: Number 12
    Given step 12
    Then result 12

  @n13
  Scenario: Number 13
    Given step 13
    Then result 13

  @n14
  Scenario: Number 14
    Given step 14
    Then result 14

  @n15
  Scenario: Number 15
    Given step 15
    Then result 15

  @n16
  Scenario: Number 16
    Given step 16
    Then result 16

  @n17
  Scenario: Number 17
    Given step 17
    Then result 17

  @n18
  Scenario: Number 18
    Given step 18
    Then result 18

  @n19
  Scenario: Number 19
    Given step 19
    Then result 19

  @n20
  Scenario: Number 20
    Given step 20
    Then result 20

  @n21
  Scenario: Number 21
    Given step 21
    Then result 21

  @n22
  Scenario: Number 22
    Given step 22
    Then result 22

  @n23
  Scenario: Number 23
    Given step 23
    Then result 23

  @n24
  Scenario: Number 24
    Given step 24
    Then result 24

  @n25
  Scenario: Number 25
    Given step 25
    Then result 25
