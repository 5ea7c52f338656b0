// Step code of an attacker: each step tries one way out of the run's sandbox, prints whatever it
// gets (as an attacker would, into the run's own log) and fails when the way out worked.
import fs from 'node:fs';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { Then } from '@cucumber/cucumber';

function tried(what, fn) {
  try {
    const got = fn();
    console.log(`ESCAPE ${what}: got ${JSON.stringify(String(got)).slice(0, 4000)}`);
    return got;
  } catch (e) {
    console.log(`ESCAPE ${what}: refused (${e.code ?? e.message})`);
    return null;
  }
}

Then('the server path {string} cannot be read', function (key) {
  const p = this.testData[key];
  const got = tried(`read ${key} ${p}`, () => (fs.statSync(p).isDirectory() ? fs.readdirSync(p).join(',') : fs.readFileSync(p, 'latin1')));
  if (got !== null) throw new Error(`read ${p}`);
});

Then('the environment of process {string} holds none of the server\'s variables', function (which) {
  const pid = which === 'parent' ? this.testData.serverPid : which;
  const got = tried(`environ of ${pid}`, () => fs.readFileSync(`/proc/${pid}/environ`, 'latin1'));
  if (got !== null && /STEPWISE_CANARY|DATABASE_URL|SECRET_KEY|TEST_DATABASE_URL|NODE_OPTIONS/.test(got)) throw new Error(`environ of ${pid}`);
});

Then('no variable of the server is in the step\'s own environment', function () {
  const names = Object.keys(process.env).join(',');
  console.log(`ESCAPE own environment: ${names}`);
  if (/STEPWISE_CANARY|DATABASE_URL|SECRET_KEY|REDIS_URL|SMTP_URL/.test(names)) throw new Error('server variables in the run');
});

Then('writing to the server path {string} fails', function (key) {
  const p = this.testData[key];
  const got = tried(`write ${key} ${p}`, () => (fs.writeFileSync(p, 'escaped'), 'written'));
  if (got !== null) throw new Error(`wrote ${p}`);
});

Then('a file written to {string} stays inside the run', function (p) {
  tried(`write ${p}`, () => (fs.writeFileSync(p, 'escaped'), 'written'));
});

Then('connecting to 127.0.0.1 port {string} fails', async function (key) {
  const port = Number(this.testData[key] ?? key);
  const connected = await new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, timeout: 3000 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', (e) => (console.log(`ESCAPE connect ${port}: refused (${e.code})`), resolve(false)));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
  if (connected) throw new Error(`connected to 127.0.0.1:${port}`);
});

Then('starting {int} processes fails before the last', async function (n) {
  const children = [];
  let refusedAt = null;
  for (let i = 0; i < n && refusedAt === null; i++) {
    try {
      const c = spawn('/usr/bin/sleep', ['30'], { stdio: 'ignore' });
      const failed = await new Promise((resolve) => {
        c.once('spawn', () => resolve(false));
        c.once('error', (e) => resolve(e.code ?? 'error'));
      });
      if (failed) refusedAt = i;
      else children.push(c);
    } catch {
      refusedAt = i;
    }
  }
  for (const c of children) c.kill('SIGKILL');
  console.log(`ESCAPE processes: ${children.length} started, refused at ${refusedAt}`);
  if (refusedAt === null) throw new Error(`started ${n} processes`);
});

Then('the step busy-waits for ten minutes', function () {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600_000);
});
