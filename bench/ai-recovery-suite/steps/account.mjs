import { Then, When } from '@cucumber/cucumber';

When('I log in as {string} with the password {string}', async function (username, password) {
  await this.page.getByLabel('Username').fill(username);
  await this.page.getByLabel('Password').fill(password);
  await this.page.getByRole('button', { name: 'Log in' }).click();
});

When('I enter the username {string} and the password {string} and press Enter', async function (username, password) {
  await this.page.getByLabel('Username').fill(username);
  await this.page.getByLabel('Password').fill(password);
  await this.page.getByLabel('Password').press('Enter');
});

When('I log out', async function () {
  await this.page.getByRole('button', { name: 'Log out' }).click();
});

When('I open my account from the header', async function () {
  await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' }).click();
});

When('I go to the login page from the header', async function () {
  await this.page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
});

Then('I am welcomed with {string}', async function (greeting) {
  await this.page.getByText(greeting).waitFor();
});

Then('the login is refused with {string}', async function (message) {
  await this.page.getByRole('alert').filter({ hasText: message }).waitFor();
});

Then('I am told {string}', async function (message) {
  await this.page.getByRole('status').filter({ hasText: message }).waitFor();
});

Then('the login form asks for my username and password', async function () {
  await this.page.getByLabel('Username').waitFor();
  await this.page.getByLabel('Password').waitFor();
});
