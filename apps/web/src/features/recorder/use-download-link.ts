import { useEffect, useState } from 'react';
import { type ClientOs, detectOs } from '../../lib/os';

const SYSTEMS: Record<ClientOs, { name: string; shell: string }> = {
  windows: { name: 'Windows', shell: 'PowerShell or the Command Prompt' },
  'mac-x64': { name: 'macOS', shell: 'Terminal' },
  'mac-arm64': { name: 'macOS', shell: 'Terminal' },
  other: { name: 'Linux', shell: 'a terminal' },
};

export interface ClientInstall {
  os: ClientOs;
  label: string;
  /** Which folder the commands are run in. */
  where: string;
  /** Where to type the commands. */
  shell: string;
  /** Install the command line's dependencies, then make stepwise:// links open it. */
  commands: string[];
}

/** Where this server serves the command line's npm package (apps/server cli-api/client-package.routes.ts). */
export const CLIENT_PACKAGE_PATH = '/api/client/stepwise-cli.tgz';

/**
 * The client's install for `server` on the visitor's operating system. The client is the `stepwise`
 * command line of the Stepwise version the server runs, as an npm package the server serves, and its
 * handler of stepwise:// links.
 */
export function clientInstall(os: ClientOs, server: string): ClientInstall {
  const system = SYSTEMS[os];
  return {
    os,
    label: `Install the Stepwise client on ${system.name}`,
    where: 'in any folder',
    shell: system.shell,
    commands: [`npm install -g ${server}${CLIENT_PACKAGE_PATH}`, `stepwise register-protocol --server ${server}`],
  };
}

/** The client install matching the visitor's operating system. */
export function useDownloadLink(server: string = window.location.origin): ClientInstall {
  const [os, setOs] = useState<ClientOs>('other');
  useEffect(() => {
    let alive = true;
    detectOs().then((value) => alive && setOs(value));
    return () => {
      alive = false;
    };
  }, []);
  return clientInstall(os, server);
}
