// Stepwise built-in step library (read-only): the common web steps, for cucumber-js and Playwright.
//
// The runner loads this file before the project's steps/*.mjs. The World of each scenario gives:
//   this.page                  the Playwright Page
//   this.env                   the selected environment: { name, baseUrl }
//   this.testData              test data of the environment: { key: value } (secrets already opened)
//   this.loadStoredUser(name)  optional: a stored user { username, password, totp } (totp: current code)
// Any step text may refer to test data as {{key}}: "fill "Email" with "{{email}}"".
// Elements are waited for up to STEPWISE_FIND_TIMEOUT_MS (default 30 s) before a step fails.
import { Given, When, Then, setDefaultTimeout } from '@cucumber/cucumber';

setDefaultTimeout(60 * 1000);

const FIND_TIMEOUT = Number(process.env.STEPWISE_FIND_TIMEOUT_MS) || 30 * 1000;
const SELECTOR_RE = /^(#|\.|\[|\/\/|xpath=|css=|text=|role=|data-testid=|id=)/;

/** Replaces {{key}} with the test data value of the current environment. */
export function resolveText(world, text) {
  return String(text).replace(/\{\{\s*([^}]+?)\s*\}\}/g, (whole, key) => {
    const value = world.testData?.[key];
    if (value === undefined) throw new Error(`No test data named "${key}" for this environment`);
    return String(value);
  });
}

/** The first of the candidate locators that shows a visible element, polled until the timeout. */
export async function firstVisible(candidates, what, timeout = FIND_TIMEOUT) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const candidate of candidates) {
      const first = candidate.first();
      if (await first.isVisible().catch(() => false)) return first;
    }
    if (Date.now() > deadline) throw new Error(`Could not find ${what} on the page`);
    await nextLook(candidates[0]?.page());
  }
}

/** The longest a wait goes without looking again (for changes no DOM mutation announces: a style that loads, an animation's end). */
const LOOK_EVERY_MS = 100;
/** The shortest, however busy the page: a page that changes all the time is looked at 40 times a second at most. */
const LOOK_AT_MOST_EVERY_MS = 25;
/**
 * Resolves when the page changes (a DOM mutation, or its document going away) or after LOOK_EVERY_MS,
 * whichever comes first: a wait looks again as soon as there is something new to see rather than at
 * the next tick of a clock.
 */
function nextLook(page) {
  const tick = new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  if (!page || page.isClosed()) return tick;
  const change = page
    .evaluate(
      ([every, atMost]) =>
        new Promise((resolve) => {
          const started = performance.now();
          let timer = setTimeout(() => {
            observer.disconnect();
            resolve(undefined);
          }, every);
          const observer = new globalThis.MutationObserver(() => {
            observer.disconnect();
            clearTimeout(timer);
            timer = setTimeout(() => resolve(undefined), Math.max(0, started + atMost - performance.now()));
          });
          observer.observe(globalThis.document, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
      [LOOK_EVERY_MS, LOOK_AT_MOST_EVERY_MS],
    )
    .catch(() => {});
  return Promise.race([tick, change]);
}

/** Something to click: a CSS/XPath selector, or a button, link, tab, menu item or text with that name. */
export function clickable(page, target) {
  if (SELECTOR_RE.test(target)) return firstVisible([page.locator(target)], `"${target}"`);
  const exact = { name: target, exact: true };
  return firstVisible(
    [
      page.getByRole('button', exact), page.getByRole('link', exact), page.getByRole('menuitem', exact), page.getByRole('tab', exact),
      page.getByRole('option', exact), page.getByText(target, { exact: true }), page.getByRole('button', { name: target }),
      page.getByRole('link', { name: target }), page.getByLabel(target), page.getByText(target), page.getByTitle(target),
    ],
    `"${target}" to click`,
  );
}

/** A form field by label, placeholder, accessible name, name/id attribute or selector. */
export function field(page, target) {
  if (SELECTOR_RE.test(target)) return firstVisible([page.locator(target)], `the field "${target}"`);
  const css = target.replace(/["\\]/g, '\\$&');
  return firstVisible(
    [
      page.getByLabel(target, { exact: true }), page.getByPlaceholder(target, { exact: true }), page.getByRole('textbox', { name: target, exact: true }),
      page.getByLabel(target), page.getByPlaceholder(target), page.getByRole('textbox', { name: target }), page.getByRole('combobox', { name: target }),
      page.locator(`[name="${css}"], [id="${css}"]`),
    ],
    `the field "${target}"`,
  );
}

function pageUrl(world, pathOrUrl) {
  const base = world.env?.baseUrl;
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!base) throw new Error('No environment is selected: its base URL is needed to open a page');
  return new URL(pathOrUrl.replace(/^\/?/, ''), base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * Whether the locator's element is visible now; a page between two documents is asked again later
 * (undefined). Anything else, a selector that does not parse, say, fails the step at once.
 */
async function visibleNow(locator) {
  try {
    return await locator.isVisible();
  } catch (error) {
    if (/Execution context was destroyed|frame was detached|navigat/i.test(String(error?.message))) return undefined;
    throw error;
  }
}

/**
 * Waits until the text is visible (or, `hidden`, gone), looking again at each change of the page and
 * every 100 ms (nextLook): a text that comes is seen a round trip later, or at most 100 ms late when no
 * DOM change announces it (Playwright's own wait looks again only every 500 ms after its first tries).
 */
async function waitForText(page, text, state, timeout = FIND_TIMEOUT) {
  const visible = state === 'visible';
  await waitForState(page.getByText(text).first(), state, () => (visible ? `The text "${text}" was not found in the page` : `The text "${text}" is still in the page`), timeout);
}

/**
 * The same wait for the first element a selector finds. Its failure names the locator as Playwright's
 * own timeout does ("waiting for locator(...) to be visible"): AI recovery finds there what to repair.
 */
async function waitForElement(page, selector, state, timeout = FIND_TIMEOUT) {
  const locator = page.locator(selector).first();
  const shown = state === 'visible' ? 'not visible' : 'still visible';
  await waitForState(locator, state, () => `The element "${selector}" is ${shown} after ${timeout} ms\nTimeout ${timeout}ms exceeded while waiting for ${locator} to be ${state}`, timeout);
}

/** Looks at the locator (again at each change of the page, and every 100 ms) until it is visible (or, `hidden`, not), then fails with `message()`. */
async function waitForState(locator, state, message, timeout) {
  const visible = state === 'visible';
  await until(locator.page(), async () => (await visibleNow(locator)) === visible, message, timeout);
}

/** Looks with `check` (again at each change of the page, and every 100 ms) until it holds, then fails with `message()`. */
async function until(page, check, message, timeout = FIND_TIMEOUT) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(message());
    await nextLook(page);
  }
}

// ---- The five default steps ----

// source: user
Given('Load user test data for user {string}', async function (username) {
  const name = resolveText(this, username);
  const user = typeof this.loadStoredUser === 'function' ? await this.loadStoredUser(name) : null;
  if (!user) throw new Error(`No stored user named "${name}" in this project`);
  this.user = user;
  this.testData = { ...this.testData, username: user.username, password: user.password, ...(user.totp ? { totp: user.totp } : {}) };
});

// source: user
Then('Verify the text {string} can be found in the page', async function (text) {
  await waitForText(this.page, resolveText(this, text), 'visible');
});

// source: user
When('click on {string}', async function (target) {
  await (await clickable(this.page, resolveText(this, target))).click();
});

// source: user
When('click {string}', async function (target) {
  await (await clickable(this.page, resolveText(this, target))).click();
});

// source: user
When('fill {string} with {string}', async function (target, value) {
  const text = resolveText(this, value);
  await (await field(this.page, resolveText(this, target))).fill(text);
});

// ---- Navigation ----

// source: user
Given('I open the {string} page', async function (pathOrUrl) {
  await this.page.goto(pageUrl(this, resolveText(this, pathOrUrl)));
});

// source: user
Given('I am on the home page', async function () {
  await this.page.goto(pageUrl(this, '/'));
});

// ---- Actions ----

// source: user
When('I click the {string} button', async function (name) {
  const text = resolveText(this, name);
  await (await firstVisible([this.page.getByRole('button', { name: text, exact: true }), this.page.getByRole('button', { name: text })], `the button "${text}"`)).click();
});

// source: user
When('I click the {string} link', async function (name) {
  const text = resolveText(this, name);
  await (await firstVisible([this.page.getByRole('link', { name: text, exact: true }), this.page.getByRole('link', { name: text })], `the link "${text}"`)).click();
});

// source: user
When('I fill the {string} field with {string}', async function (target, value) {
  const text = resolveText(this, value);
  await (await field(this.page, resolveText(this, target))).fill(text);
});

// source: user
When('I select {string} from {string}', async function (option, target) {
  const select = await field(this.page, resolveText(this, target));
  await select.selectOption({ label: resolveText(this, option) }).catch(() => select.selectOption(resolveText(this, option)));
});

// source: user
When('I check {string}', async function (target) {
  const text = resolveText(this, target);
  await (await firstVisible([this.page.getByRole('checkbox', { name: text }), this.page.getByRole('radio', { name: text }), this.page.getByLabel(text)], `the checkbox "${text}"`)).check();
});

// source: user
When('I uncheck {string}', async function (target) {
  const text = resolveText(this, target);
  await (await firstVisible([this.page.getByRole('checkbox', { name: text }), this.page.getByLabel(text)], `the checkbox "${text}"`)).uncheck();
});

// source: user
When('I press {string}', async function (key) {
  await this.page.keyboard.press(resolveText(this, key));
});

// source: user
When('I wait for the text {string}', async function (text) {
  await waitForText(this.page, resolveText(this, text), 'visible');
});

// source: user
When('I wait {int} second(s)', async function (seconds) {
  await this.page.waitForTimeout(seconds * 1000);
});

// ---- Checks ----

// source: user
Then('I should see {string}', async function (text) {
  await waitForText(this.page, resolveText(this, text), 'visible');
});

// source: user
Then('I should not see {string}', async function (text) {
  await waitForText(this.page, resolveText(this, text), 'hidden');
});

// source: user
Then('the URL should contain {string}', async function (part) {
  const text = resolveText(this, part);
  await until(this.page, () => this.page.url().includes(text), () => `The URL ${this.page.url()} does not contain "${text}"`);
});

// source: user
Then('the page title should be {string}', async function (title) {
  const text = resolveText(this, title);
  await until(this.page, async () => (await this.page.title()) === text, () => `The page title is not "${text}"`);
});

// source: user
Then('the page title should contain {string}', async function (title) {
  const text = resolveText(this, title);
  await until(this.page, async () => (await this.page.title()).includes(text), () => `The page title does not contain "${text}"`);
});

// source: user
Then('the element {string} should be visible', async function (selector) {
  await waitForElement(this.page, resolveText(this, selector), 'visible');
});

// source: user
Then('the element {string} should not be visible', async function (selector) {
  await waitForElement(this.page, resolveText(this, selector), 'hidden');
});
