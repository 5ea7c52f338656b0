import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Servers whose links this computer follows. A `stepwise://` link can come from any web page, and
 * `execute` runs the step code of the branch it names: only servers the user chose (at
 * `register-protocol`, or by answering yes once) are followed.
 */
export function settingsFile(home: string = os.homedir()): string {
  return path.join(home, '.stepwise', 'trusted-servers.json');
}

export async function trustedServers(home?: string): Promise<string[]> {
  try {
    const data = JSON.parse(await fs.readFile(settingsFile(home), 'utf8')) as { servers?: unknown };
    return Array.isArray(data.servers) ? data.servers.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export async function trustServer(server: string, home?: string): Promise<void> {
  const origin = new URL(server).origin;
  const servers = await trustedServers(home);
  if (servers.includes(origin)) return;
  const file = settingsFile(home);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify({ servers: [...servers, origin] }, null, 2)}\n`, { mode: 0o600 });
}

export async function isTrusted(server: string, home?: string): Promise<boolean> {
  return (await trustedServers(home)).includes(new URL(server).origin);
}
