import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../cli-error.ts';
import { LINK_SCHEME } from '../links/deep-link.ts';
import { handlerPlan, withDefaultHandler, type HandlerPlan, type HandlerStep } from '../links/protocol-handler.ts';
import { settingsFile, trustServer } from '../links/trusted-servers.ts';
import { which } from '../links/which.ts';

export interface RegisterProtocolArgs {
  /** Show what would be done, do nothing. */
  print?: boolean;
  /** The Stepwise server whose links are followed. */
  server: string;
}

/** bin/stepwise.mjs of this package: what the handler starts, with the node binary running now. */
export const CLI_BIN = fileURLToPath(new URL('../../bin/stepwise.mjs', import.meta.url));

/** `stepwise register-protocol`: installs the `stepwise://` link handler for the current user. */
export async function registerProtocolCommand(args: RegisterProtocolArgs, out: NodeJS.WritableStream): Promise<number> {
  const say = (line = '') => out.write(`${line}\n`);
  let server: string;
  try {
    server = new URL(args.server).origin;
  } catch {
    throw new CliError(`--server is not a URL: ${args.server}`);
  }
  const home = os.homedir();
  const plan = handlerPlan({ platform: process.platform, home, launcher: [process.execPath, CLI_BIN], has: (c) => which(c) !== null, env: process.env });
  if (CLI_BIN.split(path.sep).includes('_npx')) {
    say(`Note: this command runs from the npx cache (${path.dirname(path.dirname(CLI_BIN))}), which npm may clean.`);
    say('Install it for good with `npm i -g @stepwise/cli`, then run `stepwise register-protocol` again.');
  }
  if (args.print) {
    printPlan(plan, server, home, say);
    return 0;
  }
  say(`Installing the ${LINK_SCHEME}:// link handler for ${os.userInfo().username} (${plan.platform})`);
  for (const step of plan.steps) await apply(step, say);
  await trustServer(server, home);
  say(`Links from ${server} are followed (the list is in ${settingsFile(home)}).`);
  for (const note of plan.notes) say(note);
  say(`Done: "Continue in the app" on ${server}/open-recorder/... now opens this command line.`);
  return 0;
}

function printPlan(plan: HandlerPlan, server: string, home: string, say: (line?: string) => void): void {
  say(`What \`stepwise register-protocol\` does on ${plan.platform}:`);
  for (const step of plan.steps) {
    if (step.kind === 'file') {
      say(`\nwrite ${step.path}:`);
      say(step.content.replace(/\n$/, '').split('\n').map((l) => `    ${l}`).join('\n'));
    } else if (step.kind === 'command') {
      say(`\nrun${step.optional ? ' (when present)' : ''}: ${[step.command, ...step.args].map(showArg).join(' ')}`);
      say(`    to ${step.purpose}`);
    } else {
      say(`\nset ${step.mimeType}=${step.desktopFile}; in [Default Applications] of ${step.path} (xdg-mime is not installed)`);
    }
  }
  say(`\ntrust ${server}: add it to ${settingsFile(home)}`);
  for (const note of plan.notes) say(note);
}

async function apply(step: HandlerStep, say: (line: string) => void): Promise<void> {
  if (step.kind === 'file') {
    await fs.mkdir(path.dirname(step.path), { recursive: true });
    await fs.writeFile(step.path, step.content);
    say(`  wrote ${step.path}`);
    return;
  }
  if (step.kind === 'mimeapps') {
    const current = await fs.readFile(step.path, 'utf8').catch(() => '');
    await fs.mkdir(path.dirname(step.path), { recursive: true });
    await fs.writeFile(step.path, withDefaultHandler(current, step.mimeType, step.desktopFile));
    say(`  set the default for ${step.mimeType} in ${step.path}`);
    return;
  }
  if (step.optional && which(step.command) === null) {
    say(`  skipped ${step.command} (not installed): ${step.purpose}`);
    return;
  }
  try {
    await run(step.command, step.args);
    say(`  ran ${step.command}: ${step.purpose}`);
  } catch (err) {
    throw new CliError(`${step.command} failed (${step.purpose}): ${(err as Error).message}`);
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 30_000, windowsHide: true }, (err, _stdout, stderr) => {
      if (err) reject(new Error(stderr.trim() || err.message));
      else resolve();
    });
  });
}

function showArg(arg: string): string {
  return arg === '' || /[^\w@%+=:,./\\-]/.test(arg) ? `'${arg.replace(/'/g, `'\\''`)}'` : arg;
}
