import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';

const lineOf = (page, name) => page.getByRole('row').filter({ hasText: name });

When('I change the quantity of {string} to {int}', async function (name, quantity) {
  await lineOf(this.page, name).getByRole('combobox', { name: 'Quantity' }).selectOption(String(quantity));
});

When('I remove {string} from the cart', async function (name) {
  await lineOf(this.page, name).getByRole('button', { name: 'Remove' }).click();
});

When('I proceed to the checkout', async function () {
  await this.page.getByRole('link', { name: 'Proceed to checkout' }).click();
});

When('I open the cart from the header', async function () {
  await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart' }).click();
});

Then('my cart has a line for {string} costing {string}', async function (name, price) {
  await lineOf(this.page, name).waitFor();
  assert.match(await lineOf(this.page, name).textContent(), new RegExp(price.replace(/[$.]/g, '\\$&')));
});

Then('the line total of {string} is {string}', async function (name, total) {
  await lineOf(this.page, name).getByRole('cell', { name: total, exact: true }).waitFor();
});

Then('the cart no longer lists {string}', async function (name) {
  await lineOf(this.page, name).waitFor({ state: 'detached' });
});

Then('the cart total reads {string}', async function (total) {
  await this.page.getByText(`Total: ${total}`).waitFor();
});

Then('the cart summary counts {int} items', async function (count) {
  const summary = this.page.getByRole('complementary', { name: 'Cart summary' });
  await summary.waitFor();
  assert.match(await summary.textContent(), new RegExp(`Items\\s*${count}`));
});

Then('the cart page is titled {string}', async function (title) {
  await this.page.getByRole('heading', { level: 1, name: title }).waitFor();
});

Then('I am on the checkout with {string} in my order', async function (line) {
  await this.page.waitForURL(/\/checkout$/);
  await this.page.getByRole('complementary', { name: 'Order summary' }).getByText(line).waitFor();
});
