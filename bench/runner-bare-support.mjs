// Baseline support code for bench/runner.mjs: what a team would write for cucumber-js + Playwright
// by hand. One browser per process, a new context and page per scenario, no recording.
import { After, AfterAll, Before, BeforeAll } from '@cucumber/cucumber';
import { chromium } from 'playwright-core';

let browser = null;

BeforeAll(async function () {
  browser = await chromium.launch({ executablePath: this.parameters.chromiumPath });
});

Before(async function () {
  this.env = { name: 'bench', baseUrl: this.parameters.baseUrl };
  this.testData = {};
  this.context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  this.page = await this.context.newPage();
});

After(async function () {
  await this.context.close();
});

AfterAll(async function () {
  await browser.close();
});
