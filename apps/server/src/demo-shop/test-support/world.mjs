// cucumber-js support for the demo features test: a World like the runner's (page, env, testData)
// and one Chromium for the run, a fresh browser context (so a fresh localStorage) per scenario.
// worldParameters: { env: { name, baseUrl }, testData: {} }; CHROMIUM_PATH overrides /usr/bin/chromium.
import { After, AfterAll, Before, BeforeAll, setWorldConstructor, World } from '@cucumber/cucumber';
import { chromium } from 'playwright-core';

let browser;

class DemoWorld extends World {
  constructor(options) {
    super(options);
    this.env = options.parameters.env;
    this.testData = options.parameters.testData ?? {};
  }
}
setWorldConstructor(DemoWorld);

BeforeAll(async function () {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
});

Before(async function () {
  this.context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  this.page = await this.context.newPage();
});

After(async function () {
  await this.context?.close();
});

AfterAll(async function () {
  await browser?.close();
});
