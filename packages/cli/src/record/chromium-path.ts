import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../cli-error.ts';

const CANDIDATES: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: [
    path.join(process.env.PROGRAMFILES ?? 'C:\\Program Files', 'Google', 'Chrome', 'Application', 'chrome.exe'),
    path.join(process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', 'Google', 'Chrome', 'Application', 'chrome.exe'),
    path.join(process.env.LOCALAPPDATA ?? '', 'Google', 'Chrome', 'Application', 'chrome.exe'),
  ],
};

/** The browser the recorder opens: CHROMIUM_PATH, else a Chromium or Chrome installed where they usually are. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CHROMIUM_PATH) {
    if (!fs.existsSync(env.CHROMIUM_PATH)) throw new CliError(`CHROMIUM_PATH names no file: ${env.CHROMIUM_PATH}`);
    return env.CHROMIUM_PATH;
  }
  const found = (CANDIDATES[platform] ?? []).find((p) => fs.existsSync(p));
  if (!found) throw new CliError('No Chromium or Chrome found: install one, or set CHROMIUM_PATH to its executable');
  return found;
}
