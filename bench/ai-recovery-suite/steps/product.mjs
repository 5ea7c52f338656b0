import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';

When('I choose a quantity of {int}', async function (quantity) {
  await this.page.getByLabel('Quantity').selectOption(String(quantity));
});

When('I add the product to my cart', async function () {
  await this.page.getByRole('button', { name: 'Add to cart' }).click();
});

When('I add {string} to the cart from the product list', async function (name) {
  await this.page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Add to cart' }).click();
});

When('I open the cart from the confirmation message', async function () {
  await this.page.getByRole('status').getByRole('link', { name: 'View cart' }).click();
});

Then('the page confirms {string}', async function (message) {
  await this.page.getByRole('status').filter({ hasText: message }).waitFor();
});

Then('the cart badge shows {int}', async function (count) {
  const cart = this.page.getByRole('link', { name: 'Cart', exact: true });
  assert.equal((await cart.textContent()).replace('Cart', '').trim(), String(count));
});

Then('the product heading reads {string}', async function (name) {
  await this.page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
});

Then('the price shown is {string}', async function (price) {
  await this.page.getByText(price, { exact: true }).waitFor();
});
