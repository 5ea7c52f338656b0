import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import type { ServerClient } from '../server-client.ts';
import { downloadWorkspace } from '../workspace-source.ts';
import { which } from './which.ts';

export const CHECKOUT_MARKER = '.stepwise-checkout.json';

export interface OpenWorkspaceInput {
  projectId: string;
  branch: string;
  server: string;
  /** A file of the workspace to show (steps/x.mjs). */
  filePath?: string;
  /** Needed to download the branch when there is no local copy yet. */
  client: ServerClient | null;
  say: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Opens a URL with the system (tests replace it). */
  openUrl?: (url: string) => Promise<void>;
}

/** Where the local copy of a project's branch lives: $STEPWISE_WORKSPACES or ~/stepwise/<project>/<branch>. */
export function checkoutDir(projectId: string, branch: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.STEPWISE_WORKSPACES || path.join(os.homedir(), 'stepwise');
  return path.join(root, projectId, branch.replace(/[^\w.-]+/g, '_'));
}

/**
 * open_vscode: the branch's local copy (downloaded from the server the first time; the server has no
 * Git access to clone from, so it is a snapshot), opened in VS Code through `vscode://file/...` when
 * VS Code is installed, its path printed in every case. Returns the path shown.
 */
export async function openWorkspace(input: OpenWorkspaceInput): Promise<string> {
  const env = input.env ?? process.env;
  const dir = checkoutDir(input.projectId, input.branch, env);
  const existing = await fs.stat(dir).catch(() => null);
  if (existing?.isDirectory()) {
    const marker = await readMarker(dir);
    input.say(marker ? `Local copy of ${input.branch}: ${dir} (downloaded ${marker.downloadedAt}; delete the folder to download the branch again)` : `Your checkout: ${dir}`);
  } else {
    if (!input.client) throw new CliError(`No local copy of ${input.projectId} (${input.branch}) in ${dir}, and no access key to download it: open the link from the web app again, or pass --token`);
    input.say(`Downloading ${input.branch} of ${input.projectId} from ${input.server} into ${dir}...`);
    const ws = await downloadWorkspace(input.client, input.projectId, input.branch);
    try {
      await fs.mkdir(path.dirname(dir), { recursive: true });
      await fs.cp(ws.dir, dir, { recursive: true, errorOnExist: true, force: false });
    } finally {
      await ws.dispose();
    }
    await fs.writeFile(path.join(dir, CHECKOUT_MARKER), `${JSON.stringify({ projectId: input.projectId, branch: input.branch, server: input.server, downloadedAt: new Date().toISOString() }, null, 2)}\n`);
    input.say('This is a snapshot of the branch: the server offers no Git clone. Save changes through the web app,');
    input.say("or, when the project uses its own Git repository (Settings > Integrations), clone that one to edit with Git.");
  }
  const target = input.filePath ? path.join(dir, ...input.filePath.split('/')) : dir;
  if (input.filePath && !(await fs.stat(target).catch(() => null))) input.say(`Note: ${input.filePath} is not in this copy (it may be newer than the copy).`);
  if (which('code', env)) {
    const url = vscodeUrl(target);
    await (input.openUrl ?? openWithSystem)(url).then(
      () => input.say(`Opened in VS Code: ${url}`),
      (err: Error) => input.say(`VS Code could not be opened (${err.message}): open ${target} yourself`),
    );
  } else {
    input.say(`VS Code (the \`code\` command) is not installed: open ${target} in your editor.`);
  }
  return target;
}

/** `vscode://file/<absolute path>` with forward slashes (C:/... on Windows), each segment encoded. */
export function vscodeUrl(file: string): string {
  const slashed = file.replace(/\\/g, '/');
  const encoded = slashed.split('/').map((part, i) => (i === 0 && /^[a-z]:$/i.test(part) ? part : encodeURIComponent(part))).join('/');
  return `vscode://file${encoded.startsWith('/') ? '' : '/'}${encoded}`;
}

async function readMarker(dir: string): Promise<{ downloadedAt: string } | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, CHECKOUT_MARKER), 'utf8')) as { downloadedAt: string };
  } catch {
    return null;
  }
}

/** xdg-open, open or start: the system's handler of a URL. */
function openWithSystem(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]] : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 15_000, windowsHide: true }, (err) => (err ? reject(err) : resolve()));
  });
}
