// The baseline of bench/runner.mjs, run as its own process: plain cucumber-js (runCucumber) with the
// same step library and features, and a tiny support file (runner-bare-support.mjs) that launches
// Chromium and opens a new context per scenario, and records nothing.
// Usage: node bench/runner-bare.mjs <workDir> <baseUrl> [feature paths...]  -> prints {"ms":..,"success":..,"testCases":..}
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import { chromiumPathOf } from '../packages/runner/src/options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [workDir, baseUrl, ...paths] = process.argv.slice(2);
const library = path.resolve(here, '../apps/server/src/steps/builtin/utils.mjs');
const nowhere = new Writable({ write: (_c, _e, done) => done() });
const environment = { cwd: workDir, stdout: nowhere, stderr: process.stderr, env: process.env };
const t = performance.now();
const { runConfiguration } = await loadConfiguration(
  {
    file: false,
    provided: {
      paths: paths.length ? paths : ['features/**/*.feature'],
      import: [path.join(here, 'runner-bare-support.mjs'), library],
      format: ['summary'],
      // The browser our runner would start (the headless shell when installed): the same browser on both sides.
      worldParameters: { baseUrl, chromiumPath: chromiumPathOf({}) },
    },
  },
  environment,
);
let testCases = 0;
// Per step of a test case (hooks included, in order): the summed durations, in ms.
const stepMs = [];
let index = 0;
const ms = (d) => d.seconds * 1000 + d.nanos / 1e6;
const { success } = await runCucumber(runConfiguration, environment, (e) => {
  if (e.testCaseStarted) index = 0;
  if (e.testStepFinished) stepMs[index] = (stepMs[index++] ?? 0) + ms(e.testStepFinished.testStepResult.duration);
  if (e.testCaseFinished) testCases++;
});
process.stdout.write(`${JSON.stringify({ ms: performance.now() - t, success, testCases, stepMs })}\n`);
