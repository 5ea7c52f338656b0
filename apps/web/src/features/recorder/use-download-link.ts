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

/**
 * The client's install for `server` on the visitor's operating system. The client is the `stepwise`
 * command line of the Stepwise source the server runs (packages/cli: it is not published as a
 * package of its own), and its handler of stepwise:// links.
 */
export function clientInstall(os: ClientOs, server: string): ClientInstall {
  const system = SYSTEMS[os];
  return {
    os,
    label: `Install the Stepwise client on ${system.name}`,
    where: "in a copy of this server's Stepwise source (your administrator knows where it is)",
    shell: system.shell,
    commands: ['npm ci', `npx stepwise register-protocol --server ${server}`],
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
