import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_SHOP_PUBLIC, demoShopApi, redirectToSlash, shopNotFound } from './demo-shop.routes.ts';
import { REDESIGNED_FILES, redesignShop } from './demo-shop-redesign.ts';

/** The URL prefix of the changed demo shop, without its trailing slash. */
export const DEMO_SHOP_CHANGED_PREFIX = '/demo-shop-changed';

const publicRoute = { config: { public: true } };
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * The demo shop after a redesign (demo-shop-redesign.ts), at /demo-shop-changed/: its pages,
 * scripts and styles are the original shop's files with the redesign applied (once, when first asked
 * for), its images and API the original's. Every path the shop uses is relative, so everything it
 * loads and links stays under this prefix. Register with the prefix DEMO_SHOP_CHANGED_PREFIX.
 */
export const demoShopChangedRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(demoShopApi);

  let files: Map<string, string> | null = null;
  const send = (file: string) => async (_req: unknown, reply: FastifyReply) => {
    files ??= redesignShop(DEMO_SHOP_PUBLIC);
    return reply.type(TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8').header('cache-control', 'no-cache').send(files.get(file));
  };

  app.get('/', { ...publicRoute, prefixTrailingSlash: 'no-slash' }, redirectToSlash(DEMO_SHOP_CHANGED_PREFIX));
  // Pages by their short name, as the original serves them: '/' and '/index.html' (home), '/cart', '/cart.html'.
  app.get('/', { ...publicRoute, prefixTrailingSlash: 'slash' }, send('index.html'));
  for (const file of REDESIGNED_FILES) {
    if (file.endsWith('.html')) {
      app.get(`/${file}`, publicRoute, send(file));
      app.get(`/${file.replace(/\.html$/, '')}`, publicRoute, send(file));
    } else app.get(`/${file}`, publicRoute, send(file));
  }
  // Images as they are.
  await app.register(fastifyStatic, {
    root: path.join(DEMO_SHOP_PUBLIC, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    serveDotFiles: false,
    dotfiles: 'ignore',
  });

  // Nothing else is the shop's, and nothing under its prefix is the web app's.
  app.get('/*', publicRoute, (_req, reply) => reply.callNotFound());
  app.setNotFoundHandler(shopNotFound(DEMO_SHOP_CHANGED_PREFIX));
};
