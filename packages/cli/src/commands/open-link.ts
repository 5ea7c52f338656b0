import readline from 'node:readline/promises';
import { CliError } from '../cli-error.ts';
import { maskedLink, parseDeepLink, type DeepLink } from '../links/deep-link.ts';
import { openWorkspace } from '../links/open-workspace.ts';
import { isTrusted, trustServer } from '../links/trusted-servers.ts';
import { confirm } from '../record/ask.ts';
import { ServerClient } from '../server-client.ts';
import { recordCommand } from './record.ts';
import { runCommand } from './run.ts';

export interface OpenLinkArgs {
  url: string;
  /** Started by the link handler in a window of its own: wait for Enter before it closes. */
  hold?: boolean;
  server: string;
  token?: string;
}

type Input = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * `stepwise open-link <stepwise://...>`: what the web app's launch page hands over. recorder records,
 * execute runs the scenario(s) here, open_vscode opens the branch in VS Code; ai_learn and apitest
 * are done in the web app. The exit code is the command's (2 for a link that cannot be followed).
 */
export async function openLinkCommand(args: OpenLinkArgs, out: NodeJS.WritableStream, input: Input = process.stdin): Promise<number> {
  let code: number;
  try {
    code = await follow(args, out, input);
  } catch (err) {
    if (!(err instanceof CliError) && !args.hold) throw err;
    process.stderr.write(`stepwise: ${(err as Error).message}\n`);
    code = 2;
  }
  if (args.hold && input.isTTY) {
    const rl = readline.createInterface({ input, output: out });
    await rl.question(`\n${code === 0 ? 'Done' : 'Finished with errors'}: press Enter to close this window.`);
    rl.close();
  }
  return code;
}

async function follow(args: OpenLinkArgs, out: NodeJS.WritableStream, input: Input): Promise<number> {
  const say = (line: string) => out.write(`${line}\n`);
  const link = parseDeepLink(args.url);
  const server = link.server ?? new URL(args.server).origin;
  say(`Stepwise link: ${maskedLink(args.url.trim())}`);
  if (link.server && !(await isTrusted(link.server))) {
    say(`This link comes from ${link.server}, a server this computer does not follow links of yet.`);
    if (!(await confirm(`Follow links of ${link.server} (they can run its scenarios' code here)?`, input, out))) {
      throw new CliError(`Links of ${link.server} are not followed: run \`stepwise register-protocol --server ${link.server}\` to trust it`);
    }
    await trustServer(link.server);
  }
  const token = link.accessKey ?? args.token;
  switch (link.mode) {
    case 'recorder': {
      const { projectId, envName } = required(link);
      return recordCommand(
        { project: projectId, env: envName, branch: link.branch, feature: link.featureFile, scenarioDefault: link.scenarioName, publish: true, server, token },
        out,
      );
    }
    case 'execute': {
      const { projectId, envName } = required(link);
      say(`Running ${link.scenarioName ? `"${link.scenarioName}"` : 'the scenarios'}${link.featureFile ? ` of ${link.featureFile}` : ''} on ${envName}...`);
      return runCommand(
        {
          paths: link.featureFile ? [link.featureFile] : [],
          names: link.scenarioName ? [`^${escapeRegExp(link.scenarioName)}$`] : undefined,
          project: projectId,
          branch: link.branch,
          env: envName,
          threads: 1,
          browser: 'chromium',
          headed: hasDisplay(),
          format: 'bvt',
          upload: true,
          server,
          token,
        },
        out,
      );
    }
    case 'open_vscode': {
      if (!link.projectId) throw new CliError('The link names no project (project_id)');
      await openWorkspace({ projectId: link.projectId, branch: link.branch, server, filePath: link.filePath, client: token ? new ServerClient({ server, token }) : null, say });
      return 0;
    }
    case 'ai_learn':
    case 'apitest': {
      const what = link.mode === 'ai_learn' ? 'Teaching the AI new steps' : 'API tests';
      say(`${what} ("${link.mode}" links) are done in the web app, not on this computer.`);
      say(`Open ${server}/${link.projectId ? `${link.projectId}/features` : ''} and continue there.`);
      return 0;
    }
  }
}

function required(link: DeepLink): { projectId: string; envName: string } {
  if (!link.projectId) throw new CliError('The link names no project (project_id)');
  if (!link.envName) throw new CliError('The link names no environment (env_name): choose one in the web app first');
  return { projectId: link.projectId, envName: link.envName };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A browser window can be shown: always on Windows and macOS, with an X or Wayland display on Linux. */
function hasDisplay(): boolean {
  return process.platform === 'win32' || process.platform === 'darwin' || !!process.env.DISPLAY || !!process.env.WAYLAND_DISPLAY;
}
