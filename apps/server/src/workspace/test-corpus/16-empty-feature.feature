Feature: Nothing yet
