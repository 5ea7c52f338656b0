// Starts the built product for the browser tests on a fresh data folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-e2e-'));

// Company sign-in against a real OpenID Connect provider in this process (oidc-provider), unless E2E_OIDC=off:
// any login signs in there, the login being the account's verified e-mail.
let oidcEnv = {};
let idp = null;
if (process.env.E2E_OIDC !== 'off') {
  const { startTestIdp } = await import('../apps/server/src/test/oidc-idp.ts');
  idp = await startTestIdp();
  const origin = `http://127.0.0.1:${process.env.PORT}`;
  idp.register({ redirectUris: [`${origin}/api/auth/oidc/callback`], postLogoutRedirectUris: [`${origin}/login`] });
  oidcEnv = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
}
// The command line's npm package, which the server serves to the install help (as npm start makes it).
const { ensureCliPackage } = await import('../scripts/pack-cli.mjs');
ensureCliPackage();
// Git remotes of the tests live on 127.0.0.1, which a server refuses by default.
const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: process.env.E2E_NODE_ENV ?? 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    ALLOW_PRIVATE_GIT_HOSTS: process.env.ALLOW_PRIVATE_GIT_HOSTS ?? 'true',
    // Every test signs its people up and in from 127.0.0.1, two test workers at once.
    AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '1000',
    // The top bar's Documentation and Support links, as an administrator sets them.
    DOCS_URL: process.env.DOCS_URL ?? 'https://docs.example.com/stepwise',
    SUPPORT_URL: process.env.SUPPORT_URL ?? 'mailto:qa-support@example.com',
    ...oidcEnv,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await idp?.close();
  process.exit(code ?? 0);
});
