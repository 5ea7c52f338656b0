import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import type { LocatorRepairRequest } from '../ai-types.ts';
import type { ChatCompletionsServer } from './chat-completions-server.ts';
import { recordedEndpoint } from './openai-test-kit.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { REPAIR_SYSTEM_PROMPT } from './repair-prompt.ts';
import { freePort } from '../../test/free-port.ts';

/** The OpenAI-compatible provider's locator repair (AI recovery) against recorded chat-completions answers. */
const KEY = 'sk-test-repair-7d2e';
const SHOP = [
  '- banner:',
  '  - link "Demo Shop"',
  '- searchbox "Search products"',
  '- main:',
  '  - heading "Ceramic Coffee Mug" [level=1]',
  '  - spinbutton "Quantity": "1"',
  '  - button "Add to basket"',
  '  - button "Add to wishlist"',
  '  - button "Place order"',
  '  - link "Proceed to checkout"',
].join('\n');
const timeout = (locator: string) => `locator.click: Timeout 5000ms exceeded.\nCall log:\n\u001b[2m  - waiting for ${locator}\u001b[22m\n`;
const code = (locator: string) => `async function () {\n  await this.page.${locator}.click({ timeout: 5000 });\n}`;
const repair = (locator: string, stepText = 'I add the mug to the cart'): LocatorRepairRequest => ({
  stepText, code: code(locator), error: timeout(locator), page: { url: 'http://shop.test/products/mug', title: 'Mug - Demo Shop', aria: SHOP },
});

const ADD = "getByRole('button', { name: 'Add to cart' })";
const PAY = "getByRole('button', { name: 'Pay with card' })";

let endpoint: ChatCompletionsServer;
let provider: OpenAiProvider;
const logLines: string[] = [];
const { offline, providerAt } = recordedEndpoint(KEY, logLines, (e, p) => {
  endpoint = e;
  provider = p;
});

const answer = (o: object) => ({ content: JSON.stringify(o) });
const warnings = () => logLines.filter((l) => l.includes('AI locator repair failed; offline answer used'));

describe('OpenAiProvider.repairLocator', () => {
  it('uses a good answer the offline repair could not give, asking with the step, the error, the chain, the code and the snapshot', async () => {
    const req = repair(PAY, 'I pay for my order');
    expect((await offline.repairLocator(req)).ok).toBe(false);
    endpoint.answers.push(answer({ from: PAY, method: 'getByRole', args: ['button', { name: 'Place order' }], reasoning: 'Paying is now done with the "Place order" button.' }));
    const result = await provider.repairLocator(req);
    expect(result).toEqual({
      ok: true,
      code: code("getByRole('button', { name: 'Place order' })"),
      reasoning: "Paying is now done with the \"Place order\" button: getByRole('button', { name: 'Place order' }).",
      replacement: { from: PAY, method: 'getByRole', args: ['button', { name: 'Place order' }], to: "getByRole('button', { name: 'Place order' })" },
    });

    expect(endpoint.received).toHaveLength(1);
    const { body, headers } = endpoint.received[0];
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body.model).toBe('test-model');
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]).toEqual({ role: 'system', content: REPAIR_SYSTEM_PROMPT });
    const user = body.messages[1].content as string;
    expect(user).toContain('Step: I pay for my order');
    expect(user).toContain(SHOP);
    expect(user).toContain(`Failing locator: ${PAY}`);
    expect(user).toContain(code(PAY));
    expect(user).toContain('Timeout 5000ms exceeded');
    expect(user).not.toContain('\u001b[');
  });

  it('repairs a CSS locator the offline repair cannot read, and a container named with other quotes', async () => {
    const css = "locator('#buy')";
    endpoint.answers.push(answer({ from: css, method: 'getByRole', args: ['button', { name: 'Add to basket' }] }));
    const r1 = await provider.repairLocator(repair(css));
    expect(r1.ok && r1.replacement).toEqual({ from: css, method: 'getByRole', args: ['button', { name: 'Add to basket' }], to: "getByRole('button', { name: 'Add to basket' })" });
    expect(r1.ok && r1.reasoning).toBe(`button "Add to basket" took the place of ${css}: getByRole('button', { name: 'Add to basket' }).`);

    const chain = "getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Demo Shop' })";
    endpoint.answers.push(answer({ from: 'this.page.getByRole("navigation", {name: "Shop"})', method: 'getByRole', args: ['banner'], reasoning: 'The navigation is now the banner.' }));
    const r2 = await provider.repairLocator(repair(chain));
    expect(r2.ok && r2.replacement).toEqual({ from: "getByRole('navigation', { name: 'Shop' })", method: 'getByRole', args: ['banner'], to: "getByRole('banner')" });
    expect(r2.ok && r2.code).toBe(code("getByRole('banner').getByRole('link', { name: 'Demo Shop' })"));
    expect(warnings()).toHaveLength(0);
  });

  it('takes an element out of its container when the answer says root', async () => {
    const chain = "getByRole('banner').getByRole('searchbox', { name: 'Search' })";
    const req = { ...repair(chain), code: `async function (q) {\n  await this.page.${chain}.fill(q);\n}` };
    endpoint.answers.push(answer({ from: chain, method: 'getByRole', args: ['searchbox', { name: 'Search products' }], root: true, reasoning: 'The search box left the header.' }));
    const result = await provider.repairLocator(req);
    expect(result).toEqual({
      ok: true,
      code: "async function (q) {\n  await this.page.getByRole('searchbox', { name: 'Search products' }).fill(q);\n}",
      reasoning: "The search box left the header: getByRole('searchbox', { name: 'Search products' }).",
      replacement: { from: chain, method: 'getByRole', args: ['searchbox', { name: 'Search products' }], to: "getByRole('searchbox', { name: 'Search products' })", root: true },
    });
  });

  const unusable: Array<[string, { content: string }]> = [
    ['an element that is not in the snapshot', answer({ from: ADD, method: 'getByRole', args: ['button', { name: 'Add to trolley' }] })],
    ['a locator that finds two elements', answer({ from: ADD, method: 'getByRole', args: ['button', { name: 'Add to' }] })],
    ['a role the named element does not have', answer({ from: ADD, method: 'getByRole', args: ['link', { name: 'Add to basket' }] })],
    ['a call that is not in the failing chain', answer({ from: "getByRole('button', { name: 'Buy' })", method: 'getByRole', args: ['button', { name: 'Add to basket' }] })],
    ['the failing call again', answer({ from: ADD, method: 'getByRole', args: ['button', { name: 'Add to cart' }] })],
    ['a CSS selector the snapshot cannot show', answer({ from: ADD, method: 'locator', args: ['#add'] })],
    ['a regular expression', answer({ from: ADD, method: 'getByRole', args: ['button', { name: { regex: 'basket' } }] })],
    ['root on a call without a container', answer({ from: ADD, method: 'getByRole', args: ['button', { name: 'Add to basket' }], root: true })],
    ['content that is not JSON', { content: "Sure! Use getByRole('button', { name: 'Add to basket' })" }],
    ['JSON of another shape', answer({ locator: "getByRole('button', { name: 'Add to basket' })" })],
  ];

  it.each(unusable)('gives the offline repair for %s', async (_what, recorded) => {
    const req = repair(ADD);
    const expected = await offline.repairLocator(req);
    expect(expected.ok && expected.replacement.to).toBe("getByRole('button', { name: 'Add to basket' })");
    endpoint.answers.push(recorded);
    expect(await provider.repairLocator(req)).toEqual(expected);
    expect(endpoint.received).toHaveLength(1);
    expect(warnings()).toHaveLength(1);
  });

  it('gives the offline repair when the step\'s code does not write the old call with literal values', async () => {
    const req = { ...repair(ADD), code: "async function (label) {\n  await this.page.getByRole('button', { name: label }).click();\n}" };
    endpoint.answers.push(answer({ from: ADD, method: 'getByRole', args: ['button', { name: 'Add to basket' }] }));
    expect(await provider.repairLocator(req)).toEqual(await offline.repairLocator(req));
    expect(JSON.parse(warnings()[0]).reason).toContain('with literal values');
  });

  it('on a refusal gives the offline repair, or the model\'s reason when the offline repair finds nothing either', async () => {
    endpoint.answers.push(answer({ refuse: 'No button of the page adds to a cart.' }));
    const req = repair(ADD);
    expect(await provider.repairLocator(req)).toEqual(await offline.repairLocator(req));

    const pay = repair(PAY, 'I pay');
    expect((await offline.repairLocator(pay)).ok).toBe(false);
    endpoint.answers.push(answer({ refuse: 'The page has no payment button; the closest is button "Place order".' }));
    expect(await provider.repairLocator(pay)).toEqual({ ok: false, reason: 'The page has no payment button; the closest is button "Place order".' });
    expect(warnings()).toHaveLength(0);
  });

  it('never asks about a failure that names no locator', async () => {
    const req = { ...repair(ADD), error: 'Error: expected "$12.50" but found "$13.00"' };
    expect(await provider.repairLocator(req)).toEqual(await offline.repairLocator(req));
    expect(endpoint.received).toHaveLength(0);
  });

  it('gives the offline repair when the endpoint fails or is not there, and logs no key', async () => {
    const req = repair(ADD);
    const expected = await offline.repairLocator(req);
    // The client retries an HTTP error once.
    endpoint.answers.push({ status: 500 }, { status: 500 });
    expect(await provider.repairLocator(req)).toEqual(expected);
    expect(endpoint.received).toHaveLength(2);
    expect(await providerAt(`http://127.0.0.1:${await freePort()}/v1`).repairLocator(req)).toEqual(expected);
    const lines = warnings().map((l) => JSON.parse(l) as { level: number; reason: string; locator: string });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, locator: ADD });
    expect(lines[0].reason).toContain('500');
    expect(logLines.join('')).not.toContain(KEY);
  });

  it('gives the offline repair when the endpoint does not answer within the timeout', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const log = createLogger('warn', false, { write: (line: string) => logLines.push(line) });
      const slow = new OpenAiProvider({ aiBaseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, aiApiKey: KEY }, offline, log, { timeoutMs: 300 });
      const started = Date.now();
      expect(await slow.repairLocator(repair(ADD))).toEqual(await offline.repairLocator(repair(ADD)));
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(JSON.parse(warnings()[0]).reason).toMatch(/timed out/i);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
