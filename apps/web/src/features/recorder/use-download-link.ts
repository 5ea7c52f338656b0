import { useEffect, useState } from 'react';
import { type ClientOs, detectOs } from '../../lib/os';

export const CLI_PACKAGE = '@stepwise/cli';

const SYSTEMS: Record<ClientOs, { name: string; shell: string }> = {
  windows: { name: 'Windows', shell: 'PowerShell or the Command Prompt' },
  'mac-x64': { name: 'macOS', shell: 'Terminal' },
  'mac-arm64': { name: 'macOS', shell: 'Terminal' },
  other: { name: 'Linux', shell: 'a terminal' },
};

export interface ClientInstall {
  os: ClientOs;
  label: string;
  /** Where to type the commands. */
  shell: string;
  /** Install the command line, then make stepwise:// links open it. */
  commands: string[];
}

/** The client's install for `server` on the visitor's operating system: the command line and its link handler. */
export function clientInstall(os: ClientOs, server: string): ClientInstall {
  const system = SYSTEMS[os];
  return {
    os,
    label: `Install the Stepwise client on ${system.name}`,
    shell: system.shell,
    commands: [`npm i -g ${CLI_PACKAGE}`, `stepwise register-protocol --server ${server}`],
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
