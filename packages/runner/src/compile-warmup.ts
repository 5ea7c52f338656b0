// Fills Node's compile cache for run processes: started with NODE_COMPILE_CACHE naming a folder that
// this process alone may write, it loads the modules a run process loads (the runner's own, cucumber-js,
// Playwright), runs nothing, and exits; Node writes the compiled code there as it exits. Run processes
// then get the same folder read-only (apps/server/src/execution-runs/compile-cache.ts).
await Promise.all([
  import('./execute.ts'),
  import('./ndjson.ts'),
  import('./report-steps.ts'),
  import('./import/common.ts'),
  import('./processes.ts'),
  import('./support/step-recorder.ts'),
  import('./support/totp.ts'),
  import('./support/viewport-shot.ts'),
  import('@stepwise/shared/scenario-identity'),
  import('@cucumber/cucumber'),
  import('@cucumber/cucumber/api'),
  import('playwright-core'),
]);
