import path from 'node:path';
import { LINK_SCHEME } from './deep-link.ts';

/**
 * What installing the `stepwise://` handler for the current user takes on each system: the files
 * written and the commands run. The handler starts `<node> <stepwise.mjs> open-link --hold <url>` in
 * a terminal window (the run or the recording prints there, and asks for a scenario name).
 */
export type HandlerStep =
  | { kind: 'file'; path: string; content: string }
  /** Run when `command` is on the PATH; skipped (and said) otherwise when `optional`. */
  | { kind: 'command'; command: string; args: string[]; purpose: string; optional?: boolean }
  /** Without xdg-mime: the default handler written into mimeapps.list directly. */
  | { kind: 'mimeapps'; path: string; mimeType: string; desktopFile: string };

export interface HandlerPlan {
  platform: 'linux' | 'darwin' | 'win32';
  steps: HandlerStep[];
  /** What the user may want to know (how to undo, what is not automatic). */
  notes: string[];
}

export interface PlanInput {
  platform: NodeJS.Platform;
  home: string;
  /** The command line that starts this CLI: the node binary and bin/stepwise.mjs. */
  launcher: string[];
  /** Whether a program is on the PATH. */
  has: (command: string) => boolean;
  env?: Record<string, string | undefined>;
}

export const DESKTOP_FILE = 'stepwise-link-handler.desktop';
export const MAC_APP = 'Stepwise Link Handler.app';
export const MAC_BUNDLE_ID = 'dev.stepwise.link-handler';
const MIME_TYPE = `x-scheme-handler/${LINK_SCHEME}`;

export function handlerPlan(input: PlanInput): HandlerPlan {
  if (input.platform === 'win32') return windowsPlan(input);
  if (input.platform === 'darwin') return macPlan(input);
  return linuxPlan(input);
}

function linuxPlan({ home, launcher, has, env = {} }: PlanInput): HandlerPlan {
  const apps = path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'applications');
  const desktopPath = path.join(apps, DESKTOP_FILE);
  const steps: HandlerStep[] = [{ kind: 'file', path: desktopPath, content: desktopEntry(launcher) }];
  if (has('xdg-mime')) {
    steps.push({ kind: 'command', command: 'xdg-mime', args: ['default', DESKTOP_FILE, MIME_TYPE], purpose: `make it the default for ${LINK_SCHEME}:// links` });
  } else {
    const config = env.XDG_CONFIG_HOME || path.join(home, '.config');
    steps.push({ kind: 'mimeapps', path: path.join(config, 'mimeapps.list'), mimeType: MIME_TYPE, desktopFile: DESKTOP_FILE });
  }
  steps.push({ kind: 'command', command: 'update-desktop-database', args: [apps], purpose: 'refresh the desktop database', optional: true });
  return { platform: 'linux', steps, notes: [`To remove it: delete ${desktopPath}.`] };
}

/** The .desktop entry; its Exec line quoted by the Desktop Entry rules (each argument quoted, `%` doubled). */
export function desktopEntry(launcher: string[]): string {
  const exec = [...launcher.map(desktopExecArg), 'open-link', '--hold', '%u'].join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Stepwise',
    `Comment=Opens ${LINK_SCHEME}:// links of the Stepwise web app (record, run, open in the editor)`,
    `Exec=${exec}`,
    'Terminal=true',
    'NoDisplay=true',
    `MimeType=${MIME_TYPE};`,
    '',
  ].join('\n');
}

function desktopExecArg(arg: string): string {
  const quoted = `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`;
  // The value is unescaped once as a string (backslashes) before it is split into arguments.
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

/** mimeapps.list with the scheme's default set in [Default Applications], the rest kept. */
export function withDefaultHandler(current: string, mimeType: string, desktopFile: string): string {
  const lines = current.split(/\r?\n/);
  while (lines.length && lines.at(-1) === '') lines.pop();
  const entry = `${mimeType}=${desktopFile};`;
  const start = lines.findIndex((l) => l.trim() === '[Default Applications]');
  if (start < 0) return [...lines, ...(lines.length ? [''] : []), '[Default Applications]', entry, ''].join('\n');
  let end = lines.findIndex((l, i) => i > start && /^\[.*\]\s*$/.test(l.trim()));
  if (end < 0) end = lines.length;
  const section = lines.slice(start + 1, end).filter((l) => !l.startsWith(`${mimeType}=`));
  while (section.length && section.at(-1) === '') section.pop();
  return [...lines.slice(0, start + 1), ...section, entry, ...(end < lines.length ? ['', ...lines.slice(end)] : []), ''].join('\n');
}

function macPlan({ home, launcher, has }: PlanInput): HandlerPlan {
  const support = path.join(home, 'Library', 'Application Support', 'Stepwise');
  const script = path.join(support, 'link-handler.applescript');
  const app = path.join(home, 'Applications', MAC_APP);
  const plist = path.join(app, 'Contents', 'Info.plist');
  const lsregister = '/System/Library/Frameworks/CoreServices.framework/Frameworks/LaunchServices.framework/Support/lsregister';
  const urlTypes = JSON.stringify([{ CFBundleURLName: 'Stepwise link', CFBundleURLSchemes: [LINK_SCHEME] }]);
  const steps: HandlerStep[] = [
    { kind: 'file', path: script, content: appleScript(launcher) },
    { kind: 'command', command: 'osacompile', args: ['-o', app, script], purpose: 'build the handler app (an AppleScript application)' },
    { kind: 'command', command: 'plutil', args: ['-replace', 'CFBundleIdentifier', '-string', MAC_BUNDLE_ID, plist], purpose: 'name the app' },
    { kind: 'command', command: 'plutil', args: ['-replace', 'CFBundleURLTypes', '-json', urlTypes, plist], purpose: `declare the ${LINK_SCHEME}:// scheme` },
    { kind: 'command', command: lsregister, args: ['-f', app], purpose: 'register the app with Launch Services' },
  ];
  if (has('duti')) steps.push({ kind: 'command', command: 'duti', args: ['-s', MAC_BUNDLE_ID, LINK_SCHEME], purpose: `make it the default for ${LINK_SCHEME}:// links` });
  return {
    platform: 'darwin',
    steps,
    notes: [
      `The first link opens a question from macOS: allow "${MAC_APP}" to open it. Terminal may ask once to be controlled.`,
      `To remove it: delete ${app}.`,
    ],
  };
}

/** `on open location` runs the command line in a Terminal window with the link as one quoted argument. */
export function appleScript(launcher: string[]): string {
  const command = `${launcher.map(shellQuote).join(' ')} open-link --hold `;
  const literal = `"${command.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return [
    'on open location theURL',
    '\ttell application "Terminal"',
    '\t\tactivate',
    `\t\tdo script ${literal} & quoted form of theURL`,
    '\tend tell',
    'end open location',
    '',
  ].join('\n');
}

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function windowsPlan({ launcher }: PlanInput): HandlerPlan {
  const key = `HKCU\\Software\\Classes\\${LINK_SCHEME}`;
  return {
    platform: 'win32',
    steps: [
      { kind: 'command', command: 'reg', args: ['add', key, '/ve', '/d', 'URL:Stepwise link', '/f'], purpose: 'declare the scheme' },
      { kind: 'command', command: 'reg', args: ['add', key, '/v', 'URL Protocol', '/d', '', '/f'], purpose: 'mark it as a URL protocol' },
      { kind: 'command', command: 'reg', args: ['add', `${key}\\shell\\open\\command`, '/ve', '/d', windowsCommand(launcher), '/f'], purpose: 'the command a link starts' },
    ],
    notes: [`To remove it: reg delete ${key} /f`],
  };
}

/** The registry's open command: each part double-quoted, the link as "%1". */
export function windowsCommand(launcher: string[]): string {
  return [...launcher.map((a) => `"${a}"`), 'open-link', '--hold', '"%1"'].join(' ');
}
