import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appleScript, desktopEntry, handlerPlan, windowsCommand, withDefaultHandler } from '../links/protocol-handler.ts';
import { CLI_BIN } from './register-protocol.ts';

/**
 * `stepwise register-protocol` run as a user runs it, in a temporary HOME: the files it writes, the
 * default it sets (with the real xdg-mime, and without it), and the command its .desktop entry starts.
 */
let home: string;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-home-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

function stepwise(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: home, STEPWISE_SERVER: 'http://stepwise.test:3000', ...env }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The arguments of a .desktop Exec line, unescaped as desktops do (string escapes, then quoting), %u replaced. */
function execArgs(exec: string, url: string): string[] {
  const value = exec.replace(/\\\\/g, '\\');
  const args: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const arg = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
    args.push(arg === '%u' ? url : arg.replace(/%%/g, '%'));
  }
  return args;
}

const desktopFile = () => path.join(home, '.local', 'share', 'applications', 'stepwise-link-handler.desktop');
const hasXdgMime = fs.existsSync('/usr/bin/xdg-mime');

describe('stepwise register-protocol (Linux)', () => {
  it.runIf(hasXdgMime)('writes the .desktop entry, makes it the default through xdg-mime, and trusts the server', async () => {
    const res = await stepwise(['register-protocol', '--server', 'https://stepwise.example.com/some/page']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const entry = fs.readFileSync(desktopFile(), 'utf8');
    expect(entry).toBe(desktopEntry([process.execPath, CLI_BIN]));
    expect(entry).toMatch(/^MimeType=x-scheme-handler\/stepwise;$/m);
    expect(entry).toMatch(/^Terminal=true$/m);
    expect(res.stdout).toContain('ran xdg-mime');
    const query = execFileSync('xdg-mime', ['query', 'default', 'x-scheme-handler/stepwise'], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' } });
    expect(query.toString().trim()).toBe('stepwise-link-handler.desktop');
    expect(JSON.parse(fs.readFileSync(path.join(home, '.stepwise', 'trusted-servers.json'), 'utf8'))).toEqual({ servers: ['https://stepwise.example.com'] });
  });

  it('without xdg-mime, sets the default in mimeapps.list, keeping what was there', async () => {
    fs.mkdirSync(path.join(home, '.config'), { recursive: true });
    fs.writeFileSync(path.join(home, '.config', 'mimeapps.list'), '[Default Applications]\ntext/html=firefox.desktop;\nx-scheme-handler/stepwise=old.desktop;\n\n[Added Associations]\nimage/png=gimp.desktop;\n');
    const res = await stepwise(['register-protocol'], { PATH: path.join(home, 'empty-bin') });
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(fs.readFileSync(path.join(home, '.config', 'mimeapps.list'), 'utf8')).toBe(
      '[Default Applications]\ntext/html=firefox.desktop;\nx-scheme-handler/stepwise=stepwise-link-handler.desktop;\n\n[Added Associations]\nimage/png=gimp.desktop;\n',
    );
    expect(res.stdout).toContain('skipped update-desktop-database (not installed)');
    expect(JSON.parse(fs.readFileSync(path.join(home, '.stepwise', 'trusted-servers.json'), 'utf8'))).toEqual({ servers: ['http://stepwise.test:3000'] });
  });

  it('--print shows the entry and the commands and writes nothing', async () => {
    const res = await stepwise(['register-protocol', '--print']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`write ${desktopFile()}:`);
    expect(res.stdout).toContain('    MimeType=x-scheme-handler/stepwise;');
    expect(res.stdout).toContain('trust http://stepwise.test:3000');
    // Nothing but Node's compile cache, which every command keeps (compile-cache.ts).
    const cache = path.join('.cache', 'stepwise', 'node-compile-cache');
    const written = fs.readdirSync(home, { recursive: true }).map(String).filter((p) => !(cache + path.sep).startsWith(p + path.sep) && !p.startsWith(cache + path.sep));
    expect(written).toEqual([]);
  });

  it('the entry starts this command line with the link: an ai_learn link is answered', async () => {
    const weird = path.join(home, 'dir with "quotes" $HOME `x` %u');
    fs.mkdirSync(weird);
    const bin = path.join(weird, 'stepwise.mjs');
    fs.writeFileSync(bin, `import { main } from ${JSON.stringify(path.join(path.dirname(CLI_BIN), '..', 'src', 'main.ts'))};\nprocess.exitCode = await main(process.argv);\n`);
    const exec = /^Exec=(.*)$/m.exec(desktopEntry([process.execPath, bin]))![1];
    const link = 'stepwise://ai_learn?project_id=p1&steps_to_learn=2';
    const [command, ...args] = execArgs(exec, link);
    expect([command, ...args]).toEqual([process.execPath, bin, 'open-link', '--hold', link]);
    // A backslash (Node cannot start a module from such a path) survives the quoting too.
    expect(execArgs(/^Exec=(.*)$/m.exec(desktopEntry(['/opt/a\\b "c"', bin]))![1], link).slice(0, 1)).toEqual(['/opt/a\\b "c"']);
    const out = execFileSync(command, args, { env: { PATH: process.env.PATH ?? '', HOME: home }, input: '' }).toString();
    expect(out).toContain('Teaching the AI new steps ("ai_learn" links) are done in the web app');
    expect(out).toContain('http://localhost:3000/p1/features');
  });
});

describe('handler plans of the other systems', () => {
  const launcher = ['/usr/local/bin/node', "/Users/ada/it's here/stepwise.mjs"];

  it('macOS: an AppleScript app declaring the scheme, registered with Launch Services; duti only when present', () => {
    const plan = handlerPlan({ platform: 'darwin', home: '/Users/ada', launcher, has: () => false });
    const app = '/Users/ada/Applications/Stepwise Link Handler.app';
    expect(plan.steps.map((s) => (s.kind === 'command' ? [s.command.split('/').pop(), ...s.args] : [s.kind, s.path]))).toEqual([
      ['file', '/Users/ada/Library/Application Support/Stepwise/link-handler.applescript'],
      ['osacompile', '-o', app, '/Users/ada/Library/Application Support/Stepwise/link-handler.applescript'],
      ['plutil', '-replace', 'CFBundleIdentifier', '-string', 'dev.stepwise.link-handler', `${app}/Contents/Info.plist`],
      ['plutil', '-replace', 'CFBundleURLTypes', '-json', '[{"CFBundleURLName":"Stepwise link","CFBundleURLSchemes":["stepwise"]}]', `${app}/Contents/Info.plist`],
      ['lsregister', '-f', app],
    ]);
    expect(handlerPlan({ platform: 'darwin', home: '/Users/ada', launcher, has: (c) => c === 'duti' }).steps.at(-1)).toMatchObject({ command: 'duti', args: ['-s', 'dev.stepwise.link-handler', 'stepwise'] });
    expect(appleScript(launcher)).toBe(
      'on open location theURL\n\ttell application "Terminal"\n\t\tactivate\n' +
        `\t\tdo script "'/usr/local/bin/node' '/Users/ada/it'\\\\''s here/stepwise.mjs' open-link --hold " & quoted form of theURL\n` +
        '\tend tell\nend open location\n',
    );
  });

  it('Windows: the scheme under HKCU\\Software\\Classes with reg add, the link passed as "%1"', () => {
    const win = ['C:\\Program Files\\nodejs\\node.exe', 'C:\\Users\\ada\\AppData\\Roaming\\npm\\node_modules\\@stepwise\\cli\\bin\\stepwise.mjs'];
    const plan = handlerPlan({ platform: 'win32', home: 'C:\\Users\\ada', launcher: win, has: () => true });
    expect(plan.steps.map((s) => (s.kind === 'command' ? [s.command, ...s.args] : []))).toEqual([
      ['reg', 'add', 'HKCU\\Software\\Classes\\stepwise', '/ve', '/d', 'URL:Stepwise link', '/f'],
      ['reg', 'add', 'HKCU\\Software\\Classes\\stepwise', '/v', 'URL Protocol', '/d', '', '/f'],
      ['reg', 'add', 'HKCU\\Software\\Classes\\stepwise\\shell\\open\\command', '/ve', '/d', windowsCommand(win), '/f'],
    ]);
    expect(windowsCommand(win)).toBe(`"${win[0]}" "${win[1]}" open-link --hold "%1"`);
  });

  it('Linux honours XDG_DATA_HOME and XDG_CONFIG_HOME', () => {
    const plan = handlerPlan({ platform: 'linux', home: '/home/ada', launcher, has: () => false, env: { XDG_DATA_HOME: '/data', XDG_CONFIG_HOME: '/conf' } });
    expect(plan.steps[0]).toMatchObject({ kind: 'file', path: '/data/applications/stepwise-link-handler.desktop' });
    expect(plan.steps[1]).toMatchObject({ kind: 'mimeapps', path: '/conf/mimeapps.list' });
  });
});

describe('withDefaultHandler', () => {
  it('adds the section when missing, replaces an older default, leaves other sections alone', () => {
    expect(withDefaultHandler('', 'x-scheme-handler/stepwise', 'a.desktop')).toBe('[Default Applications]\nx-scheme-handler/stepwise=a.desktop;\n');
    expect(withDefaultHandler('[Added Associations]\nx=y;\n', 'x-scheme-handler/stepwise', 'a.desktop')).toBe(
      '[Added Associations]\nx=y;\n\n[Default Applications]\nx-scheme-handler/stepwise=a.desktop;\n',
    );
    expect(withDefaultHandler('[Default Applications]\nx-scheme-handler/stepwise=old.desktop;\n', 'x-scheme-handler/stepwise', 'a.desktop')).toBe(
      '[Default Applications]\nx-scheme-handler/stepwise=a.desktop;\n',
    );
  });
});
