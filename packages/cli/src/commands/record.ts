import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RECORDER_MESSAGES, type RecordedSecret, type RecordedStep } from '@stepwise/shared';
import { CliError } from '../cli-error.ts';
import { ask } from '../record/ask.ts';
import { recordInBrowser } from '../record/browser-session.ts';
import { chromiumPath } from '../record/chromium-path.ts';
import { defaultScenarioName, featureTarget, recordedGherkin, startUrl } from '../record/recorded-gherkin.ts';
import { StepPrinter } from '../record/step-printer.ts';
import { redactor } from '../redaction.ts';
import { ServerClient } from '../server-client.ts';

export interface RecordArgs {
  project: string;
  env: string;
  branch: string;
  feature?: string;
  scenario?: string;
  /** The name offered when asking for one (a link's scenario_name). */
  scenarioDefault?: string;
  url?: string;
  publish: boolean;
  server: string;
  token?: string;
  remoteDebuggingPort?: number;
}

/**
 * `stepwise record`: a headed Chromium on this computer, at the environment's address; what the user
 * does becomes steps (printed as they come); when the browser or its last page is closed (or on
 * Ctrl+C) the scenario is published to the branch, or printed with --no-publish. 0 saved or printed,
 * 1 nothing recorded, 2 error.
 */
export async function recordCommand(args: RecordArgs, out: NodeJS.WritableStream): Promise<number> {
  const say = (line: string) => out.write(`${line}\n`);
  const client = new ServerClient(args);
  const target = featureTarget(args.feature);
  const executablePath = chromiumPath();
  say(`Fetching the environment "${args.env}" of ${args.project} (${args.branch}) from ${args.server}...`);
  const context = await client.runContext(args.project, args.branch, args.env);
  const baseUrl = context.environment.baseUrl;
  const first = startUrl(baseUrl, args.url);
  say(`Recording on ${first}`);
  say('Use the application in the browser window; the toolbar in the page adds assertions.');
  say('Close the browser (or press Ctrl+C here) when you are done.');

  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const printer = new StepPrinter(say);
  let result;
  try {
    result = await recordInBrowser({ baseUrl, startUrl: first, executablePath, remoteDebuggingPort: args.remoteDebuggingPort, onSteps: (s) => printer.update(s), signal: stop.signal });
  } finally {
    printer.flush();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  say(result.endedBy === 'stopped' ? 'Recording stopped.' : 'The browser was closed: recording ended.');
  if (!result.steps.length) {
    say(RECORDER_MESSAGES.nothingRecorded.replace(/, then save$/, ''));
    return 1;
  }
  const scenarioName = args.scenario?.trim() || (await ask('Name of the scenario', args.scenarioDefault || defaultScenarioName(), process.stdin, out));
  const gherkin = recordedGherkin(target.featureName, scenarioName, result.steps);
  if (!args.publish) {
    out.write(`\n${gherkin}`);
    if (result.secrets.length) say(`\nPassword fields were recorded as test data references (${result.secrets.map((s) => `{{${s.key}}}`).join(', ')}); their values were not saved.`);
    return 0;
  }
  return publish(client, args, target, scenarioName, result.steps, result.secrets, gherkin, say);
}

async function publish(
  client: ServerClient,
  args: RecordArgs,
  target: { featureName: string; parentPath: string },
  scenarioName: string,
  steps: RecordedStep[],
  secrets: RecordedSecret[],
  gherkin: string,
  say: (line: string) => void,
): Promise<number> {
  const where = target.parentPath ? `${target.parentPath}/${target.featureName}` : target.featureName;
  say(`Publishing "${scenarioName}" (${steps.length} step${steps.length === 1 ? '' : 's'}${secrets.length ? `, ${secrets.length} secret${secrets.length === 1 ? '' : 's'} as test data` : ''}) to ${where} on ${args.branch}...`);
  try {
    const saved = await client.saveRecording({
      project_id: args.project,
      branch: args.branch,
      env_name: args.env,
      scenario_name: scenarioName,
      feature_name: target.featureName,
      parent_path: target.parentPath,
      steps,
      ...(secrets.length ? { secrets } : {}),
    });
    say(`${saved.message || RECORDER_MESSAGES.saved}: "${saved.scenarioName ?? scenarioName}" in features/${saved.path} on ${args.branch} (commit ${saved.commit.slice(0, 8)})`);
    say(`Open it: ${args.server.replace(/\/+$/, '')}/${args.project}/features`);
    return 0;
  } catch (err) {
    // The recording is not lost: its steps (never the secrets' values) are kept in a file.
    const file = path.join(os.tmpdir(), `stepwise-recording-${Date.now()}.json`);
    const redact = redactor(secrets.map((s) => s.value).filter(Boolean));
    await fs.writeFile(file, redact(`${JSON.stringify({ scenarioName, ...target, steps }, null, 2)}\n`), { mode: 0o600 });
    say(`${RECORDER_MESSAGES.saveFailed}: ${(err as Error).message}`);
    say(`The recorded steps are kept in ${file}:\n\n${redact(gherkin)}`);
    if (err instanceof CliError) return 2;
    throw err;
  }
}
