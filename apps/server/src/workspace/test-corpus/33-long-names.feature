Feature: Long Long Long Long Long Long Long Long Long Long Long Long Long Long Long 

  Scenario: Very long scenario name Very long scenario name Very long scenario name Very long scenario name Very long scenario name 
    Given a step with a long text and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more and more 
