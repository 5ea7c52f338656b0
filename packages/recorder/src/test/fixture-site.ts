import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small site to record on: a sign-in form, a product list with two alike buttons, a checkout form. */
const PAGES: Record<string, string> = {
  '/': `<!doctype html><title>Shop</title><h1>Shop</h1>
    <form action="/products" method="get">
      <label>Username <input name="user"></label>
      <label>Password <input name="pass" type="password"></label>
      <button>Sign in</button>
    </form>`,
  '/products': `<!doctype html><title>Products</title><h1>Products</h1>
    <ul>
      <li>Mug <button onclick="document.getElementById('cart').textContent='Cart: Mug'">Add to cart</button></li>
      <li>Tea <button onclick="document.getElementById('cart').textContent='Cart: Tea'">Add to cart</button></li>
    </ul>
    <p id="cart">Cart: empty</p>
    <label>Size <select><option value="s">Small</option><option value="l">Large</option></select></label>
    <label><input type="checkbox"> Gift wrap this order in recycled paper</label>
    <p data-testid="note">Free shipping</p>
    <a href="/done">Checkout</a>`,
  // A search form that leaves the page a moment after it is sent (as pages that validate first do).
  '/search': `<!doctype html><title>Search</title><h1>Search</h1>
    <form onsubmit="event.preventDefault(); setTimeout(() => (location.href = '/products'), 300)">
      <label>Query <input name="q"></label>
      <button>Find</button>
    </form>`,
  '/done': `<!doctype html><title>Done</title><h1>Thank you</h1>`,
  // A sign-in whose page goes on to the welcome page by itself once its (slow) call answers; both pages
  // have the search field of the site's header.
  '/sign-in': `<!doctype html><title>Sign in</title><input aria-label="Search site"><h1>Sign in</h1>
    <button onclick="setTimeout(() => (location.href = '/welcome'), 400)">Go</button>`,
  '/welcome': `<!doctype html><title>Welcome</title><input aria-label="Search site"><h1>Welcome</h1>`,
};

export async function startFixtureSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
