Feature: Tabs

	Scenario: Indented with tabs
		Given a tab-indented step
		Then it still parses
