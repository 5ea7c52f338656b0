import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AI_RECOVERY_COMMAND, runScenarios, type RepairAnswer, type RepairRequest } from '@stepwise/runner';
import { quarantineVerdict, VIEWPORTS, type ScreenshotMode } from '@stepwise/shared';
import { CliError } from '../cli-error.ts';
import { ProgressPrinter } from '../progress.ts';
import { redactNdjsonFile, redactor, redactValue } from '../redaction.ts';
import { ServerClient, type RunContext } from '../server-client.ts';
import { downloadWorkspace, localEnvironment, localWorkspace, type Workspace } from '../workspace-source.ts';

export interface RunArgs {
  paths: string[];
  dir?: string;
  project?: string;
  branch: string;
  env?: string;
  baseUrl?: string;
  tags?: string;
  /** Scenario name regular expressions (cucumber's --name). */
  names?: string[];
  name?: string;
  threads: number;
  browser: 'chromium' | 'firefox' | 'webkit';
  viewport?: string;
  headed?: boolean;
  /** Which steps keep a screenshot (default every step). */
  screenshots?: ScreenshotMode;
  format: 'bvt' | 'pretty' | 'ndjson';
  report?: string;
  testData?: string;
  upload: boolean;
  server: string;
  token?: string;
  aiRecovery?: boolean;
}

/**
 * `stepwise run`: 0 when every scenario passed or the only failures are quarantined (tagged @quarantine,
 * or flagged in the project), 1 when one failed, 2 when the run could not happen.
 */
export async function runCommand(args: RunArgs, out: NodeJS.WritableStream): Promise<number> {
  if (args.aiRecovery && !args.project) throw new CliError('--ai-recovery needs --project <id> (and its access key): the project\'s AI repairs the steps');
  if (!Number.isInteger(args.threads) || args.threads < 1 || args.threads > 32) throw new CliError('--threads must be a whole number from 1 to 32');
  let redact = (text: string) => text;
  const say = (line: string) => (args.format === 'ndjson' ? process.stderr : out).write(`${redact(line)}\n`);
  const client = args.project || (args.upload && args.token) ? new ServerClient(args) : null;
  let workspace: Workspace;
  let context: RunContext | null = null;
  // A local folder (--dir, or the current one) is run as it is; --project alone fetches the branch.
  if (args.project && client && !args.dir) {
    say(`Fetching ${args.project} (${args.branch}) from ${args.server}...`);
    workspace = await downloadWorkspace(client, args.project, args.branch);
  } else {
    workspace = await localWorkspace(args.dir ?? process.cwd());
  }
  // The environment, its test data and stored users come from the project unless --base-url says where to go.
  if (args.project && client && !args.baseUrl) context = await client.runContext(args.project, args.branch, args.env);
  redact = redactor(context?.redactions ?? []);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-run-'));
  try {
    const env = await resolveEnvironment(args, workspace.dir, context);
    const messagesFile = args.report ? path.resolve(args.report) : path.join(tmp, 'messages.ndjson');
    const printer = new ProgressPrinter(say, args.format === 'pretty');
    const runName = args.name ?? `Local run ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    say(`Running against ${env.baseUrl}${args.tags ? ` with tags ${args.tags}` : ''} (${args.threads} thread${args.threads > 1 ? 's' : ''})`);
    const started = Date.now();
    const abort = new AbortController();
    const onSignal = () => {
      say('Stopping the run...');
      abort.abort();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const result = await runScenarios({
      signal: abort.signal,
      workDir: workspace.dir,
      paths: args.paths.length ? args.paths : undefined,
      tags: args.tags,
      names: args.names,
      parallel: args.threads,
      browser: args.browser,
      viewport: parseViewport(args.viewport),
      headless: !args.headed,
      ...(args.screenshots ? { screenshots: args.screenshots } : {}),
      env,
      testData: { ...(context?.testData ?? {}), ...(await readTestData(args.testData)) },
      storedUsers: context?.storedUsers,
      npmrc: context?.npmrc ?? undefined,
      messagesFile,
      runName,
      mode: 'local',
      branch: args.branch,
      ...(args.aiRecovery && client && args.project ? { repairLocator: repairVia(client, args.project, say) } : {}),
      onMessage: (m) => {
        if (args.format === 'ndjson') out.write(`${JSON.stringify(redactValue(m, redact))}\n`);
        printer.onMessage(m);
      },
    });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    say(printer.summary((Date.now() - started) / 1000));
    const recovered = aiRecoveries(result.report.testCases);
    if (args.aiRecovery) say(`AI recovery: ${recovered.fixed} step${recovered.fixed === 1 ? '' : 's'} fixed by AI, ${recovered.failed} failed by AI`);
    if (abort.signal.aborted) return 2;
    for (const error of result.report.errors) say(`Error: ${error}`);
    // What the run wrote may hold a secret a step printed: the kept and uploaded report does not.
    if (context?.redactions?.length) await redactNdjsonFile(messagesFile, redact);
    if (args.upload && client && args.project) {
      const uploaded = await client.uploadReport(args.project, messagesFile, { name: runName, branch: args.branch, env: env.name }, process.stderr);
      say(`Report uploaded: ${args.server.replace(/\/+$/, '')}${uploaded.reportLink}`);
    } else if (args.upload && args.project === undefined && args.token) {
      say('Not uploaded: pass --project <id> to upload the report');
    }
    return verdict(result, new Set(context?.quarantined ?? []), say);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
    await workspace.dispose();
  }
}

type RunResult = Awaited<ReturnType<typeof runScenarios>>;

/** The exit code: quarantined scenarios that failed are said and left out, as the server leaves them out of the run's status. */
function verdict(result: RunResult, flagged: ReadonlySet<string>, say: (line: string) => void): number {
  if (result.success) return 0;
  const { failed, quarantined } = quarantineVerdict(result.report.testCases, flagged);
  if (quarantined.length) {
    const n = quarantined.length;
    say(`${n} quarantined scenario${n === 1 ? '' : 's'} failed, not counted: ${quarantined.map((c) => c.scenarioName).join(', ')}`);
  }
  const passes = failed.length === 0 && quarantined.length > 0 && result.report.errors.length === 0;
  if (passes) say('Passed: the only failures are quarantined scenarios');
  return passes ? 0 : 1;
}

/** Each repair asked of the server, said on the console. */
function repairVia(client: ServerClient, projectId: string, say: (line: string) => void): (request: RepairRequest) => Promise<RepairAnswer> {
  return async (request) => {
    const answer = await client.repairLocator(projectId, request).catch((e: unknown) => ({ ok: false as const, reason: (e as Error).message }));
    say(answer.ok ? `AI recovery: "${request.stepText}": ${answer.replacement.from} -> ${answer.replacement.to}` : `AI recovery: "${request.stepText}": ${answer.reason}`);
    return answer;
  };
}

function aiRecoveries(testCases: ReadonlyArray<{ steps: ReadonlyArray<{ commands: ReadonlyArray<{ type: string; info?: Record<string, unknown> }> }> }>): { fixed: number; failed: number } {
  const all = testCases.flatMap((tc) => tc.steps.flatMap((s) => s.commands.filter((c) => c.type === AI_RECOVERY_COMMAND)));
  return { fixed: all.filter((c) => c.info?.status === 'fixed').length, failed: all.filter((c) => c.info?.status === 'failed').length };
}

async function resolveEnvironment(args: RunArgs, dir: string, context: RunContext | null): Promise<{ name: string; baseUrl: string }> {
  if (context && !args.baseUrl) return context.environment;
  if (args.baseUrl) {
    try {
      new URL(args.baseUrl);
    } catch {
      throw new CliError(`--base-url is not a valid URL: ${args.baseUrl}`);
    }
    return { name: args.env ?? 'local', baseUrl: args.baseUrl };
  }
  if (args.env) return localEnvironment(dir, args.env);
  throw new CliError('Say where the application runs: --env <environment> or --base-url <url>');
}

function parseViewport(value: string | undefined): { width: number; height: number } | undefined {
  if (!value) return undefined;
  const preset = VIEWPORTS.find((v) => v.label.toLowerCase() === value.toLowerCase());
  if (preset) return { width: preset.width, height: preset.height };
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(value);
  if (!m) throw new CliError(`Unknown viewport "${value}": use ${VIEWPORTS.map((v) => `"${v.label}"`).join(', ')} or WIDTHxHEIGHT`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

async function readTestData(file: string | undefined): Promise<Record<string, string>> {
  if (!file) return {};
  const data = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new CliError(`${file} must hold a JSON object of test data`);
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
}
