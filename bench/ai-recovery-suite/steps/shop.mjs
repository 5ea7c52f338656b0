// Where a scenario starts: the shop's pages by their path under the environment's base URL (so the
// environment decides which shop), and a cart or a signed-in user prepared through the shop's own
// storage helpers (window.DemoShop), the quick way to set up what a scenario is not about.
/* global window */
import { Given } from '@cucumber/cucumber';

const open = (world, path) => world.page.goto(new URL(path, world.env.baseUrl).href);

Given("I am on the shop's home page", async function () {
  await open(this, './');
});

Given('I am on the product page of {string}', async function (productId) {
  await open(this, `product?id=${encodeURIComponent(productId)}`);
});

Given('I am on the search page for {string}', async function (term) {
  await open(this, `search?q=${encodeURIComponent(term)}`);
});

Given('I am on the cart page', async function () {
  await open(this, 'cart');
});

Given('I am on the checkout page', async function () {
  await open(this, 'checkout');
});

Given('I am on the login page', async function () {
  await open(this, 'login');
});

Given('I am on the account page', async function () {
  await open(this, 'account');
});

Given('my cart already holds {int} of {string}', async function (quantity, name) {
  if (!this.page.url().startsWith(this.env.baseUrl)) await open(this, './');
  await this.page.evaluate(
    async ({ name, quantity }) => {
      const product = (await window.DemoShop.products()).find((p) => p.name === name);
      if (!product) throw new Error(`The shop has no product named ${name}`);
      window.DemoShop.addToCart(product.id, quantity);
    },
    { name, quantity },
  );
});

Given('I am signed in as the demo user', async function () {
  if (!this.page.url().startsWith(this.env.baseUrl)) await open(this, './');
  await this.page.evaluate(() => window.DemoShop.write(window.DemoShop.USER_KEY, { username: 'demo', name: 'Demo User' }));
});
