// Loaded after the step library and the workspace's steps when the run sets a step timeout.
import { setDefaultTimeout } from '@cucumber/cucumber';

const ms = Number(process.env.STEPWISE_STEP_TIMEOUT_MS);
if (Number.isFinite(ms) && ms > 0) setDefaultTimeout(ms);
