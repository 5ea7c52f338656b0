import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_PROJECT } from '@stepwise/shared';
import { DEMO_USER, EXPRESS_SHIPPING, findProduct, searchProducts } from './catalog.ts';

/** Folder of the shop's pages, styles, script and images. */
export const DEMO_SHOP_PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));

/** The URL prefix of the shop, without its trailing slash ('/demo-shop'). */
export const DEMO_SHOP_PREFIX = DEMO_PROJECT.path.replace(/\/$/, '');

export const DEMO_MSG = {
  invalidLogin: 'Invalid username or password',
  productNotFound: 'Product not found',
} as const;

const LoginBody = z.object({ username: z.string().max(200), password: z.string().max(200) });
const OrderBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(200),
  address: z.string().trim().min(1).max(500),
  city: z.string().trim().min(1).max(200),
  country: z.string().trim().min(1).max(100),
  shipping: z.enum(['standard', 'express']),
  items: z.array(z.object({ id: z.string().max(100), quantity: z.number().int().min(1).max(99) })).min(1).max(50),
});

const publicRoute = { config: { public: true } };
const money = (n: number) => Math.round(n * 100) / 100;

/** The shop's JSON API (products, login, orders) under the prefix's /api/; also served by the changed shop. */
export const demoShopApi: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', { ...publicRoute, schema: { querystring: z.object({ q: z.string().max(200).optional() }) } }, async (req) => ({
    status: 'success' as const,
    products: searchProducts(req.query.q ?? ''),
  }));

  app.get('/api/products/:id', { ...publicRoute, schema: { params: z.object({ id: z.string().max(100) }) } }, async (req, reply) => {
    const product = findProduct(req.params.id);
    if (!product) return reply.status(404).send({ status: 'error', error: DEMO_MSG.productNotFound });
    return { status: 'success' as const, product };
  });

  app.post('/api/login', { ...publicRoute, schema: { body: LoginBody } }, async (req, reply) => {
    const { username, password } = req.body;
    if (username.trim() !== DEMO_USER.username || password !== DEMO_USER.password) {
      return reply.status(401).send({ status: 'error', error: DEMO_MSG.invalidLogin });
    }
    return { status: 'success' as const, user: { username: DEMO_USER.username, name: DEMO_USER.name } };
  });

  app.post('/api/orders', { ...publicRoute, schema: { body: OrderBody } }, async (req, reply) => {
    const lines = [];
    for (const item of req.body.items) {
      const product = findProduct(item.id);
      if (!product) return reply.status(400).send({ status: 'error', error: `${DEMO_MSG.productNotFound}: ${item.id}` });
      lines.push({ id: product.id, name: product.name, price: product.price, quantity: item.quantity });
    }
    const subtotal = money(lines.reduce((sum, l) => sum + l.price * l.quantity, 0));
    const shipping = req.body.shipping === 'express' ? EXPRESS_SHIPPING : 0;
    return {
      status: 'success' as const,
      order: { orderId: `DS-${randomInt(100000, 1000000)}`, name: req.body.name, items: lines, subtotal, shipping, total: money(subtotal + shipping) },
    };
  });
};

/**
 * The demo shop that demo projects test (spec: DEMO_PROJECT): static pages under /demo-shop/ and a
 * small JSON API under /demo-shop/api/. It keeps no state: the cart and the signed-in user live in
 * the browser's localStorage, so parallel runs cannot disturb each other. Register with the prefix
 * DEMO_SHOP_PREFIX; its routes are more specific than the web app's SPA fallback.
 */
export const demoShopRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(demoShopApi);

  // Pages and assets: '/demo-shop' redirects to '/demo-shop/'; '/demo-shop/cart' serves cart.html.
  app.get('/', { ...publicRoute, prefixTrailingSlash: 'no-slash' }, redirectToSlash(DEMO_SHOP_PREFIX));
  await app.register(fastifyStatic, {
    root: DEMO_SHOP_PUBLIC,
    prefix: '/',
    decorateReply: false,
    extensions: ['html'],
    index: 'index.html',
    serveDotFiles: false,
    dotfiles: 'ignore',
  });

  app.setNotFoundHandler(shopNotFound(DEMO_SHOP_PREFIX));
};

/** '<prefix>' (no slash) to '<prefix>/', the query kept. */
export function redirectToSlash(prefix: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const query = req.url.indexOf('?');
    return reply.redirect(`${prefix}/${query >= 0 ? req.url.slice(query) : ''}`, 301);
  };
}

/** A shop's 404: JSON under its /api/, its own "Page not found" page elsewhere. */
export function shopNotFound(prefix: string) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith(`${prefix}/api/`)) return reply.status(404).send({ status: 'error', error: `Route ${req.method} ${path} not found` });
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found - Demo Shop</title>' +
          `<link rel="stylesheet" href="${prefix}/assets/styles.css"></head><body><main class="container narrow">` +
          `<h1>Page not found</h1><p>This page does not exist in the Demo Shop.</p><p><a class="button" href="${prefix}/">Back to the shop</a></p></main></body></html>`,
      );
  };
}
