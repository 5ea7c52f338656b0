import { Command, InvalidArgumentError, Option } from 'commander';
import { runCommand } from './commands/run.ts';
import { uploadCommand } from './commands/upload.ts';
import { openLinkCommand } from './commands/open-link.ts';
import { recordCommand } from './commands/record.ts';
import { registerProtocolCommand } from './commands/register-protocol.ts';
import { workerCommand } from './commands/worker.ts';
import { reportCommand } from './commands/report.ts';
import { DEFAULT_SCREENSHOTS, REPORT_EXPORT_FORMATS, SCREENSHOT_MODE_VALUES } from '@stepwise/shared';
import { CliError } from './cli-error.ts';

const DEFAULT_SERVER = 'http://localhost:3000';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > 65535) throw new InvalidArgumentError('a port from 1024 to 65535');
  return n;
}

/** Builds the `stepwise` program; returns the process exit code (0 passed, 1 failed, 2 error). */
export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const program = new Command('stepwise')
    .description('Run Stepwise scenarios locally or in CI/CD, upload their reports, and record scenarios')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.write(s), writeErr: (s) => process.stderr.write(s) });

  const server = () =>
    new Option('--server <url>', 'Stepwise server URL').env('STEPWISE_SERVER').default(DEFAULT_SERVER);
  const token = () => new Option('--token <key>', 'access key of the project (swk_...)').env('STEPWISE_TOKEN');
  let code = 0;

  program
    .command('run')
    .description('run scenarios with the Stepwise runner (Playwright + Chromium)')
    .argument('[paths...]', 'feature files or folders (path[:line]), relative to the workspace')
    .option('-d, --dir <folder>', 'workspace folder holding features/ and steps/ (default: the current folder)')
    .option('-p, --project <id>', "run a project's branch fetched from the server (needs --token)")
    .option('-b, --branch <name>', 'branch of the project', 'main')
    .option('-e, --env <name>', 'environment to run against')
    .option('--base-url <url>', "the application's URL (overrides the environment's)")
    .option('-t, --tags <expression>', 'cucumber tag expression, e.g. "@smoke and not @slow"')
    .option('--name <run name>', 'name of the run in the reports')
    .option('--threads <n>', 'parallel workers', (v) => Number.parseInt(v, 10), 1)
    .addOption(new Option('--browser <name>', 'browser').choices(['chromium', 'firefox', 'webkit']).default('chromium'))
    .option('--viewport <label>', 'viewport, e.g. "Desktop - 1024px" or 1280x720')
    .option('--headed', 'show the browser window')
    .addOption(
      new Option('--screenshots <steps>', 'which steps keep a screenshot: every step, failed steps only, or none')
        .choices([...SCREENSHOT_MODE_VALUES])
        .default(DEFAULT_SCREENSHOTS),
    )
    .addOption(new Option('--format <format>', 'console output').choices(['bvt', 'pretty', 'ndjson']).default('bvt'))
    .option('--report <file>', 'also write the Cucumber messages (NDJSON) to this file')
    .option('--test-data <file>', 'JSON file of test data { key: value } for local runs')
    .option('--no-upload', 'do not upload the report to the server')
    .option('--ai-recovery', "repair steps that fail on a changed element with the project's AI and retry them (needs --project)")
    .addOption(server())
    .addOption(token())
    .action(async (paths: string[], opts) => {
      code = await runCommand({ ...opts, paths }, out);
    });

  program
    .command('upload')
    .description('upload a Cucumber messages (NDJSON) report to a project')
    .argument('<file>', 'the .ndjson report')
    .requiredOption('-p, --project <id>', 'project id')
    .option('--name <run name>', 'name of the run in the reports')
    .option('-b, --branch <name>', 'branch the report belongs to', 'main')
    .option('-e, --env <name>', 'environment the run used')
    .addOption(server())
    .addOption(token())
    .action(async (file: string, opts) => {
      code = await uploadCommand({ ...opts, file }, out);
    });

  program
    .command('report')
    .description("download a run's report: Cucumber messages (ndjson), Cucumber JSON, JUnit XML or a self-contained HTML page")
    .argument('<runId>', 'the run (the last part of its report address)')
    .addOption(new Option('-f, --format <format>', 'file format').choices([...REPORT_EXPORT_FORMATS]).default('ndjson'))
    .option('-o, --output <file>', 'write to this file (default: standard output)')
    .addOption(server())
    .addOption(token())
    .action(async (runId: string, opts) => {
      code = await reportCommand({ ...opts, runId }, out);
    });

  program
    .command('record')
    .description('record a scenario in a browser on this computer and publish it to a branch of the project')
    .requiredOption('-p, --project <id>', 'project id')
    .requiredOption('-e, --env <name>', 'environment to record on (its address is opened)')
    .option('-b, --branch <name>', 'branch to save the scenario on', 'main')
    .option('-f, --feature <feature>', 'feature to add the scenario to: a name or a path under features/ (created when missing)')
    .option('-s, --scenario <name>', 'name of the scenario (asked at the end otherwise)')
    .option('-u, --url <url>', "page to start on: a path under the environment's address, or a full URL")
    .option('--no-publish', 'print the recorded Gherkin instead of publishing it')
    .addOption(new Option('--remote-debugging-port <port>', 'expose the browser on this DevTools port').argParser(port).hideHelp())
    .addOption(server())
    .addOption(token())
    .action(async (opts) => {
      code = await recordCommand(opts, out);
    });

  program
    .command('register-protocol')
    .description('make stepwise:// links of the web app (Continue in the app) open this command line')
    .option('--print', 'show what would be installed, install nothing')
    .addOption(server())
    .action(async (opts) => {
      code = await registerProtocolCommand(opts, out);
    });

  program
    .command('open-link')
    .description('follow a stepwise:// link: record, execute, or open the workspace in VS Code')
    .argument('<url>', 'the stepwise://<mode>?<parameters> link')
    .option('--hold', 'wait for Enter before exiting (the link handler runs in a window of its own)')
    .addOption(server())
    .addOption(token())
    .action(async (url: string, opts) => {
      code = await openLinkCommand({ ...opts, url }, out);
    });

  program
    .command('worker')
    .description("run a project's executions on this machine: take jobs from the server's run queue (RUN_WORKERS=external)")
    .addOption(server())
    .addOption(new Option('--token <token>', 'worker token (sww_...), made in Settings > Workers').env('STEPWISE_WORKER_TOKEN'))
    .option('--concurrency <n>', 'jobs run at once', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('a number from 1 to 64');
      return n;
    }, 1)
    .option('--data-dir <folder>', 'scratch folders and the dependency cache (default: the temporary folder)')
    .action(async (opts) => {
      code = await workerCommand(opts, out);
    });

  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    const e = err as { code?: string; exitCode?: number; message?: string };
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) return 2;
    process.stderr.write(`stepwise: ${err instanceof CliError ? err.message : (e.message ?? String(err))}\n`);
    return 2;
  }
}
