// `npm start` in production on a fresh clone, as a person deploying it would run it: the repository
// cloned at HEAD into a temporary folder (no build), then `NODE_ENV=production npm start` with a PATH
// without this checkout's tools. Passes when the install the start runs (lib.mjs INSTALL_ARGS) takes
// the dev dependencies the build needs (vite) and the pinned Node 24 under NODE_ENV=production, the
// web app is built, and the server answers GET /login with the built app (its hashed script sent
// precompressed), in production (JSON log lines), nothing of a dev server.
// To stay quick (~1 min instead of several on a busy machine) the install is checked with npm's dry
// run (what it would add) and the clone gets this checkout's node_modules as a hard-linked copy;
// START_CHECK_FULL_INSTALL=1 lets `npm start` run the real install from npm's cache instead.
// Plain JavaScript for the system Node, like the scripts it checks. Exit 0 on success, 1 on failure.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { INSTALL_ARGS, log, root } from './lib.mjs';

const TIMEOUT_MS = Number(process.env.START_CHECK_TIMEOUT_MS ?? 300_000);
const FULL_INSTALL = process.env.START_CHECK_FULL_INSTALL === '1';
const began = Date.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-start-'));
const clone = path.join(dir, 'stepwise');
const output = [];
let child = null;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });

function fail(message) {
  log(`production start: FAIL: ${message}`);
  process.stdout.write(`--- last lines of npm start ---\n${output.join('').split('\n').slice(-40).join('\n')}\n`);
  return 1;
}

async function check() {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
  // The PATH of a fresh shell: this checkout's node_modules/.bin (and its Node 24) left out.
  const PATH = (process.env.PATH ?? '').split(path.delimiter).filter((p) => !p.startsWith(root)).join(path.delimiter);
  const env = { ...process.env, PATH, NODE_ENV: 'production', npm_config_prefer_offline: 'true' };
  const planned = execFileSync('npm', [...INSTALL_ARGS.filter((a) => !a.startsWith('--loglevel')), '--dry-run'], { cwd: clone, env, encoding: 'utf8' });
  if (!/^add vite /m.test(planned)) return fail(`the install under NODE_ENV=production leaves out vite (npm ${INSTALL_ARGS.join(' ')})`);
  if (!/^add node 24\./m.test(planned)) return fail(`the install under NODE_ENV=production leaves out the pinned Node 24 (npm ${INSTALL_ARGS.join(' ')})`);
  if (!FULL_INSTALL) {
    // Hard links: nothing copied. npm's marker file is a real copy, newer than the clone's lockfile,
    // so the start finds the dependencies installed (and a write to it stays in the clone).
    execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(clone, 'node_modules')]);
    const marker = path.join(clone, 'node_modules', '.package-lock.json');
    fs.rmSync(marker);
    fs.copyFileSync(path.join(root, 'node_modules', '.package-lock.json'), marker);
  }
  const port = await freePort();
  child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`npm start exited (${code ?? signal})`)));

  const base = `http://127.0.0.1:${port}`;
  let page = null;
  while (!page) {
    if (Date.now() - began > TIMEOUT_MS) return fail(`no answer on ${base}/login within ${TIMEOUT_MS / 1000} s`);
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 500))]);
    if (ended) return fail(ended);
    page = await fetch(`${base}/login`).then((r) => (r.ok ? r : null), () => null);
  }
  const html = await page.text();
  const bin = path.join(clone, 'node_modules', '.bin');
  if (!fs.existsSync(path.join(bin, 'vite'))) return fail('vite (a dev dependency) was not installed');
  const nodeVersion = execFileSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (!nodeVersion.startsWith('v24.')) return fail(`the pinned Node is ${nodeVersion}, not 24`);
  if (!page.headers.get('content-type')?.includes('text/html') || !html.includes('<div id="root">')) return fail(`GET /login is not the app: ${html.slice(0, 200)}`);
  if (html.includes('/@vite/client') || html.includes('/src/main.tsx')) return fail('GET /login is the dev server page, not the built app');
  const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
  if (!script) return fail('the page loads no built script');
  const js = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  if (!js.ok || !/javascript/.test(js.headers.get('content-type') ?? '')) return fail(`${script}: ${js.status} ${js.headers.get('content-type')}`);
  if (!['br', 'gzip'].includes(js.headers.get('content-encoding') ?? '')) return fail(`${script} is not sent precompressed`);
  // The command line's npm package, made by npm start, for the install help's `npm install -g`.
  const cli = await fetch(`${base}/api/client/stepwise-cli.tgz`);
  if (!cli.ok || cli.headers.get('content-type') !== 'application/gzip') return fail(`GET /api/client/stepwise-cli.tgz: ${cli.status} ${(await cli.text()).slice(0, 200)}`);
  // The server's own log lines: JSON (production), not the development logger's pretty lines.
  const serverLines = output.join('').split('\n').filter((l) => l.startsWith('{'));
  if (serverLines.length === 0 || !serverLines.some((l) => JSON.parse(l).msg !== undefined)) return fail('no JSON log line of the server');
  log(`production start: PASS in ${Math.round((Date.now() - began) / 1000)} s (fresh clone, ${FULL_INSTALL ? 'installed by npm start' : 'install checked by a dry run, node_modules hard-linked'}, ${nodeVersion}, GET /login: the built app, the command line's package served)`);
  return 0;
}

let code;
try {
  code = await check();
} catch (err) {
  code = fail(err instanceof Error ? err.message : String(err));
} finally {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
