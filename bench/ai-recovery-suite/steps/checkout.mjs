import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';

When('I enter my full name {string}', async function (name) {
  await this.page.getByLabel('Full name').fill(name);
});

When('I enter my email {string}', async function (email) {
  await this.page.getByLabel('Email', { exact: true }).fill(email);
});

When('I enter my street address {string} in {string}', async function (address, city) {
  await this.page.getByLabel('Address').fill(address);
  await this.page.getByLabel('City').fill(city);
});

When('I pick {string} as the country', async function (country) {
  await this.page.getByRole('combobox', { name: 'Country' }).selectOption(country);
});

When('I choose express shipping', async function () {
  await this.page.getByRole('group', { name: 'Shipping method' }).getByLabel('Express shipping ($9.99)').check();
});

When('I accept the terms and conditions', async function () {
  await this.page.getByLabel('I accept the terms and conditions').check();
});

When('I place the order', async function () {
  await this.page.getByRole('button', { name: 'Place order' }).click();
});

Then('the order total reads {string}', async function (total) {
  const summary = this.page.getByRole('complementary', { name: 'Order summary' });
  await summary.getByText(`Order total: ${total}`).waitFor();
});

Then('my order summary lists {string}', async function (line) {
  await this.page.getByText('Your order').waitFor();
  await this.page.getByRole('complementary', { name: 'Order summary' }).getByText(line).waitFor();
});

Then('the email field says {string}', async function (message) {
  await this.page.getByText(message).waitFor();
  assert.equal(await this.page.locator('#email').getAttribute('aria-invalid'), 'true');
});

Then('the checkout still asks for my full name', async function () {
  await this.page.getByText('Please enter your full name').waitFor();
});

Then('it no longer asks me to accept the terms', async function () {
  assert.equal(await this.page.getByText('Please accept the terms and conditions').count(), 0);
});

Then('the order is confirmed with {string}', async function (heading) {
  await this.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  assert.match(await this.page.getByText('Your order number is').textContent(), /DS-\d{6}/);
});

Then('the confirmation reads {string}', async function (text) {
  await this.page.getByText(text).waitFor();
});

Then('it no longer asks for my address', async function () {
  assert.equal(await this.page.getByText('Please enter your address').count(), 0);
});
