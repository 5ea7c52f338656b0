import fs from 'node:fs';

/** The browser a cloud recorder session starts, as the server picks it: the headless shell when installed. */
export function headlessChromium(): string {
  const shell = process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell';
  if (shell !== 'off' && fs.existsSync(shell)) return shell;
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
