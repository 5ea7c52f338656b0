import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';

When('I search for {string} from the header', async function (term) {
  const box = this.page.getByRole('banner').getByRole('searchbox');
  await box.fill(term);
  await box.press('Enter');
});

When('I type {string} into the search box and press the Search button', async function (term) {
  await this.page.getByPlaceholder('Search products').fill(term);
  await this.page.getByRole('button', { name: 'Search', exact: true }).click();
});

Then('the results are titled {string}', async function (title) {
  await this.page.getByRole('heading', { level: 1, name: title }).waitFor();
});

Then('the results list {string}', async function (name) {
  await this.page.getByRole('listitem').filter({ hasText: name }).waitFor();
});

Then('the shop tells me {string}', async function (message) {
  await this.page.getByText(message).waitFor();
});

Then('the search summary reads {string}', async function (summary) {
  await this.page.getByText(summary, { exact: true }).waitFor();
  assert.equal(await this.page.getByRole('listitem').count(), Number.parseInt(summary, 10));
});
