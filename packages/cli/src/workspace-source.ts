import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './cli-error.ts';
import type { ServerClient } from './server-client.ts';

export interface Workspace {
  dir: string;
  /** Removes a downloaded copy; nothing for a local folder. */
  dispose(): Promise<void>;
}

/** A local workspace folder: it must hold features/. */
export async function localWorkspace(dir: string): Promise<Workspace> {
  const abs = path.resolve(dir);
  const stat = await fs.stat(path.join(abs, 'features')).catch(() => null);
  if (!stat?.isDirectory()) throw new CliError(`No features/ folder in ${abs}: pass --dir <workspace> or --project <id>`);
  return { dir: abs, dispose: async () => {} };
}

/** Downloads a project's branch (a tar archive from the server) into a temporary folder. */
export async function downloadWorkspace(client: ServerClient, projectId: string, branch: string): Promise<Workspace> {
  const tar = await client.archive(projectId, branch);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-cli-'));
  try {
    await extractTar(tar, dir);
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

function extractTar(tar: Buffer, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-x', '-f', '-', '-C', dir, '--no-same-owner'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new CliError(`Could not unpack the workspace: ${stderr.trim()}`))));
    child.stdin.end(tar);
  });
}

/** environments/<name>.json of a local workspace: { name, baseUrl }. */
export async function localEnvironment(dir: string, name: string): Promise<{ name: string; baseUrl: string }> {
  const envDir = path.join(dir, 'environments');
  const files = await fs.readdir(envDir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    const data = JSON.parse(await fs.readFile(path.join(envDir, file), 'utf8')) as { name?: string; baseUrl?: string };
    if ((data.name ?? file.replace(/\.json$/, '')) === name && data.baseUrl) return { name, baseUrl: data.baseUrl };
  }
  const known = files.filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  throw new CliError(`No environment named "${name}" in ${envDir}${known.length ? ` (found: ${known.join(', ')})` : ''}`);
}
