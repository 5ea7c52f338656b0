import { DEFAULT_SCREENSHOTS, type ScreenshotMode } from '@stepwise/shared';

/** A value in double quotes for a POSIX shell (quote, backslash, dollar and backtick escaped). */
export function doubleQuote(value: string): string {
  return `"${value.replace(/(["\\$`])/g, '\\$1')}"`;
}

/** Quotes a value for a POSIX shell command line: bare when safe, else in double quotes. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : doubleQuote(value);
}

export interface ScenarioCommandInput {
  projectId: string;
  branch: string;
  env: string;
  featurePath: string;
  scenarioName: string;
  /** Line of the Scenario keyword: the CLI runs `path:line` alone. */
  line?: number;
}

/** The command that runs one scenario alone with the Stepwise CLI (`stepwise run <path[:line]>`), named after it. */
export function scenarioCommand({ projectId, branch, env, featurePath, scenarioName, line }: ScenarioCommandInput): string {
  return [
    'npx stepwise run',
    shellQuote(`features/${featurePath}${line ? `:${line}` : ''}`),
    `--project ${shellQuote(projectId)}`,
    `--branch ${shellQuote(branch)}`,
    `--env ${shellQuote(env)}`,
    `--name ${doubleQuote(scenarioName)}`,
    '--format bvt',
  ].join(' ');
}

const ENV_ARG = /--env (?:"(?:[^"\\]|\\.)*"|\S+)/;

/** The same command for another environment (a command without --env gets one). */
export function withEnvironment(command: string, env: string): string {
  const arg = `--env ${shellQuote(env)}`;
  if (!command) return command;
  // A function replacement: the quoted value may contain '$' patterns.
  return ENV_ARG.test(command) ? command.replace(ENV_ARG, () => arg) : `${command} ${arg}`;
}

export interface CiCommandInput {
  projectId: string;
  branch: string;
  env: string;
  tags: readonly string[];
  runName: string;
  /** Which steps keep a screenshot; the CLI's default (every step) is left out of the command. */
  screenshots?: ScreenshotMode;
}

/** A cucumber tag expression matching any of the tags: '@smoke or @checkout'. */
export function tagExpression(tags: readonly string[]): string {
  return tags.map((t) => (t.startsWith('@') ? t : `@${t}`)).join(' or ');
}

/** "Execute in CI/CD": runs the tagged scenarios of a branch and reports them as one run (format bvt). */
export function ciCommand({ projectId, branch, env, tags, runName, screenshots = DEFAULT_SCREENSHOTS }: CiCommandInput): string {
  const parts = ['npx stepwise run', `--project ${shellQuote(projectId)}`, `--branch ${shellQuote(branch)}`];
  if (env) parts.push(`--env ${shellQuote(env)}`);
  if (tags.length > 0) parts.push(`--tags ${doubleQuote(tagExpression(tags))}`);
  parts.push(`--name ${doubleQuote(runName.trim() || 'CI run')}`);
  if (screenshots !== DEFAULT_SCREENSHOTS) parts.push(`--screenshots ${screenshots}`);
  parts.push('--format bvt');
  return parts.join(' ');
}
