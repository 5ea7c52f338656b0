import { Formatter } from '@cucumber/cucumber';

/** Each test case's status as cucumber-js itself decides it (what its summary counts), one JSON array at the end. */
export default class StatusFormatter extends Formatter {
  static documentation = 'test case statuses as cucumber-js decides them';

  constructor(options) {
    super(options);
    options.eventBroadcaster.on('envelope', (envelope) => {
      if (!envelope.testRunFinished) return;
      const out = this.eventDataCollector.getTestCaseAttempts().map((a) => ({ name: a.pickle.name, uri: a.pickle.uri, status: a.worstTestStepResult.status }));
      this.log(JSON.stringify(out));
    });
  }
}
