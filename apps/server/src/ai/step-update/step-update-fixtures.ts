/**
 * Step files as the product writes them: steps/ai_generated.mjs (ai-steps-file.ts: `// source: ai`,
 * the reasoning, registered with the step timeout) and a person's own file with a named function, a
 * Page action, a one-line step and a multi-line template literal.
 */
export const AI_FILE = `import { Given, When, setDefaultTimeout } from '@cucumber/cucumber';

setDefaultTimeout(60 * 1000);

// source: ai
// Clicks the link "Ceramic Coffee Mug", then the button "Add to cart".
When('I add {string} to the cart', { timeout: 120000 }, async function (name) {
  await this.page.getByRole('link', { name }).click();
  const button = this.page.getByRole('button', { name: 'Add to cart' });
  await button.click();
  await this.page.getByLabel('Quantity').fill('2', { force: true });
});

// source: ai
// Opens the cart from the header.
When('I open my cart', { timeout: 120000 }, async function () {
  await this.page.getByRole('link', { name: 'Cart' }).click();
});
`;

export const USER_FILE = `import { Given, Then } from '@cucumber/cucumber';

async function signIn(user) {
  await this.page.fill('#email', user);
  await this.page.click('#sign-in');
  const banner = \`Welcome
  back\`;
  return banner;
}

Given('I sign in as {string}', signIn);

Then('I am done', async function () { await this.page.click('#done'); });
`;

