import { describe, expect, it } from 'vitest';
import { repairLocatorOffline, renameScore } from './locator-repair.ts';
import { parseLocatorCall, parseLocatorChain, replaceChain, replaceLocatorCall } from './locator-call.ts';

const timeout = (locator: string) => `locator.click: Timeout 5000ms exceeded.\nCall log:\n\u001b[2m  - waiting for ${locator}\u001b[22m\n`;
const page = (aria: string) => ({ url: 'http://shop.test/product?id=mug', title: 'Mug', aria });
const SHOP = [
  '- banner:',
  '  - link "Demo Shop"',
  '  - searchbox "Search products"',
  '- main:',
  '  - heading "Ceramic Coffee Mug" [level=1]',
  '  - text: $12.50',
  '  - spinbutton "Quantity": "1"',
  '  - button "Add to basket"',
  '  - button "Add to wishlist"',
  '  - link "Proceed to checkout"',
  '  - textbox "Email address"',
].join('\n');
const code = (locator: string) => `async function (name) {\n  await this.page.${locator}.click({ timeout: 5000 });\n}`;

describe('offline locator repair', () => {
  it('replaces a renamed button by the one that took its place, in the code and as a replacement', () => {
    const r = repairLocatorOffline({ stepText: 'I add it to the cart', code: code("getByRole('button', { name: 'Add to cart' })"), error: timeout("getByRole('button', { name: 'Add to cart' })"), page: page(SHOP) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.replacement).toMatchObject({ from: "getByRole('button', { name: 'Add to cart' })", method: 'getByRole', args: ['button', { name: 'Add to basket' }] });
    expect(r.code).toContain("this.page.getByRole('button', { name: 'Add to basket' }).click({ timeout: 5000 })");
    expect(r.reasoning).toContain('button "Add to basket"');
  });

  it('finds a link whose name kept every word of the old one, and a field by its new label', () => {
    const link = repairLocatorOffline({ stepText: 'I check out', code: code("getByRole('link', { name: 'Check out' })"), error: timeout("getByRole('link', { name: 'Check out' })"), page: page(SHOP) });
    expect(link.ok && link.replacement.to).toBe("getByRole('link', { name: 'Proceed to checkout' })");
    const field = repairLocatorOffline({ stepText: 'I type my email', code: "async function () { await this.page.getByLabel('E-mail').fill('a@b.c'); }", error: timeout("getByLabel('E-mail')"), page: page(SHOP) });
    expect(field.ok && field.code).toBe("async function () { await this.page.getByRole('textbox', { name: 'Email address' }).fill('a@b.c'); }");
  });

  it('keeps the element named exactly on a strict-mode violation', () => {
    const aria = '- button "Add"\n- button "Add more"\n- button "Add to basket"';
    const error = "locator.click: Error: strict mode violation: getByRole('button', { name: 'Add' }) resolved to 3 elements:\n    1) <button>Add</button> aka getByRole('button', { name: 'Add', exact: true })";
    const r = repairLocatorOffline({ stepText: 'I add', code: code("getByRole('button', { name: 'Add' })"), error, page: page(aria) });
    expect(r.ok && r.replacement.to).toBe("getByRole('button', { name: 'Add', exact: true })");
  });

  it('refuses honestly: nothing alike, two alike, a CSS selector, a name from the step text, a failure that is not a locator', () => {
    const none = repairLocatorOffline({ stepText: 'x', code: code("getByRole('button', { name: 'Pay with card' })"), error: timeout("getByRole('button', { name: 'Pay with card' })"), page: page(SHOP) });
    expect(none).toMatchObject({ ok: false });
    expect(!none.ok && none.reason).toContain('considered');
    const twins = repairLocatorOffline({ stepText: 'x', code: code("getByRole('button', { name: 'Add' })"), error: timeout("getByRole('button', { name: 'Add' })"), page: page('- button "Add it"\n- button "Add one"') });
    expect(twins.ok).toBe(false);
    const css = repairLocatorOffline({ stepText: 'x', code: code("locator('#buy')"), error: timeout("locator('#buy')"), page: page(SHOP) });
    expect(css.ok).toBe(false);
    const fromText = repairLocatorOffline({ stepText: 'x', code: 'async function (label) { await this.page.getByRole(\'button\', { name: label }).click(); }', error: timeout("getByRole('button', { name: 'Add to cart' })"), page: page(SHOP) });
    expect(!fromText.ok && fromText.reason).toContain('literal values');
    const other = repairLocatorOffline({ stepText: 'x', code: code("getByRole('button', { name: 'Add to cart' })"), error: 'Error: expected "$12.50" but found "$13.00"', page: page(SHOP) });
    expect(other.ok).toBe(false);
  });

  it('repairs the link of a chain: a renamed element in its container, a renamed container, a changed text of a filter', () => {
    const aria = [
      '- navigation "Main":', '  - link "Your account"', '  - link "Basket"',
      '- group "Delivery method":', '  - radio "Standard delivery"', '  - radio "Express delivery ($9.99)"',
      '- status: Trail Backpack was added to your basket.',
    ].join('\n');
    const link = "getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' })";
    const r1 = repairLocatorOffline({ stepText: 'x', code: code(link), error: timeout(link), page: page(aria) });
    expect(r1.ok && r1.replacement).toMatchObject({ from: link, to: "getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' })" });
    const group = "getByRole('group', { name: 'Shipping method' }).getByLabel('Express delivery ($9.99)')";
    const r2 = repairLocatorOffline({ stepText: 'x', code: code(group), error: timeout(group), page: page(aria) });
    expect(r2.ok && r2.replacement).toMatchObject({ from: "getByRole('group', { name: 'Shipping method' })", args: ['group', { name: 'Delivery method' }] });
    const status = "getByRole('status').filter({ hasText: 'Trail Backpack was added to your cart.' })";
    const r3 = repairLocatorOffline({ stepText: 'x', code: code(status), error: timeout(`${status} to be visible`), page: page(aria) });
    expect(r3.ok && r3.replacement).toMatchObject({ method: 'filter', args: [{ hasText: 'Trail Backpack was added to your basket.' }] });
  });

  it('scores renames by meaning: basket for cart, log in for sign in', () => {
    expect(renameScore('Add to cart', 'Add to basket')).toBeGreaterThan(renameScore('Add to cart', 'Add to wishlist'));
    expect(renameScore('Sign in', 'Log in')).toBe(1);
    expect(renameScore('Email', 'Email address')).toBeGreaterThan(0.5);
  });
});

describe('locator calls in code', () => {
  it('parses Playwright descriptions and rewrites only calls with the same literal arguments', () => {
    expect(parseLocatorCall("locator('form').getByLabel('Email', { exact: true })")).toEqual({ method: 'getByLabel', args: ['Email', { exact: true }], prefix: "locator('form').getByLabel('Email', { exact: true })" });
    expect(parseLocatorChain("getByRole('row').filter({ hasText: 'Mug' }).first()")?.map((c) => c.prefix)).toEqual(["getByRole('row')", "getByRole('row').filter({ hasText: 'Mug' })", "getByRole('row').filter({ hasText: 'Mug' }).first()"]);
    expect(parseLocatorChain("getByRole('row', { name: x })")).toBeNull();
    const src = "async () => { await page.getByLabel('Email').fill(x); await page.getByLabel('Name').fill(y); await page.getByLabel(`Email`).press('Enter'); }";
    const out = replaceLocatorCall(src, { method: 'getByLabel', args: ['Email'] }, { method: 'getByRole', args: ['textbox', { name: 'Email address' }] });
    expect(out).toBe("async () => { await page.getByRole('textbox', { name: 'Email address' }).fill(x); await page.getByLabel('Name').fill(y); await page.getByRole('textbox', { name: 'Email address' }).press('Enter'); }");
    expect(replaceChain("async () => { await this.page.getByRole('banner').getByRole('searchbox').fill(q); }", { method: 'getByRole', args: ['banner'] }, { method: 'getByRole', args: ['searchbox'] }))
      .toBe("async () => { await this.page.getByRole('searchbox').fill(q); }");
    expect(replaceLocatorCall('not code (', { method: 'getByLabel', args: ['Email'] }, { method: 'getByLabel', args: ['E'] })).toBeNull();
  });
});
