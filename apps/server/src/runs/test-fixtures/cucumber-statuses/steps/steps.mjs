import { After, Before, Given } from '@cucumber/cucumber';

Given('a passing step', function () {});
Given('a pending step', function () {
  return 'pending';
});
After({ tags: '@afterSkipped' }, function () {
  return 'skipped';
});
After({ tags: '@afterPending' }, function () {
  return 'pending';
});
Before({ tags: '@beforeFails' }, function () {
  throw new Error('before failed');
});
After({ tags: '@afterFails' }, function () {
  throw new Error('after failed');
});
Before({ tags: '@beforeSkipped' }, function () {
  return 'skipped';
});
Before({ tags: '@beforePending' }, function () {
  return 'pending';
});
