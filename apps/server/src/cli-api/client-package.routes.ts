import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';

/** dist/ of the repository, where `npm start` makes the package (scripts/pack-cli.mjs). */
export const DEFAULT_CLIENT_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist');
export const CLIENT_PACKAGE_PATH = '/client/stepwise-cli.tgz';
const PACKAGE_FILE = /^stepwise-cli-\d+\.\d+\.\d+\.tgz$/;
const DOWNLOADS_PER_MINUTE = 60;

/** The newest package in `dir` (by version order of the names), or null. */
async function packageIn(dir: string): Promise<string | null> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => PACKAGE_FILE.test(n));
  names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.length ? path.join(dir, names[names.length - 1]) : null;
}

/**
 * The `stepwise` command line as an npm package, for `npm install -g <server>/api/client/stepwise-cli.tgz`
 * (the install the web app shows, /client). Public: npm fetches it from a terminal where no one is
 * signed in, and it holds the code of the command line and nothing of this server's (no address, key
 * or data).
 */
export const clientPackageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dir = ctx.config.clientPackageDir ?? DEFAULT_CLIENT_PACKAGE_DIR;
  const config = { public: true, rateLimit: { max: DOWNLOADS_PER_MINUTE, timeWindow: '1 minute' } };

  app.get(CLIENT_PACKAGE_PATH, { config }, async (_req, reply) => {
    const file = await packageIn(dir);
    if (!file) throw notFound('The command-line package is not made on this server: run `npm run pack:cli` where the server runs (npm start makes it)');
    const stat = await fs.promises.stat(file);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', stat.size)
      .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(file));
  });
};
