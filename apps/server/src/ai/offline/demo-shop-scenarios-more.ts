import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { cartOf } from './demo-shop-browser.ts';
import type { ShopScenario } from './demo-shop-scenarios.ts';

const path = (page: Page) => new URL(page.url()).pathname;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

/** Other phrasings of the same journeys. */
export const MORE_SCENARIOS: ShopScenario[] = [
  {
    name: 'browse and fill a cart, other words',
    start: null,
    steps: [
      { keyword: 'Given', text: "I open the shop's home page", after: async (page, shop) => expect(page.url()).toBe(shop) },
      { keyword: 'Then', text: 'the heading "Welcome to the Demo Shop" is visible', failsWith: ['Welcome to the Other Shop'] },
      { keyword: 'When', text: 'I put the Steel Water Bottle in my cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'water-bottle': 1 }) },
      { keyword: 'When', text: 'I click Add to cart for the Dotted Notebook', after: async (page) => expect(await cartOf(page)).toEqual({ 'water-bottle': 1, 'dotted-notebook': 1 }) },
      { keyword: 'Then', text: 'the cart badge shows 2 items', failsWith: [1] },
      { keyword: 'When', text: 'I navigate to the cart page', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
      { keyword: 'Then', text: 'I see "Steel Water Bottle" in the cart' },
      { keyword: 'Then', text: 'the total is "$32.75"', failsWith: ['$32.76'] },
      { keyword: 'When', text: 'I set the quantity of "Dotted Notebook" to 3', after: async (page) => expect((await cartOf(page))['dotted-notebook']).toBe(3) },
      { keyword: 'Then', text: 'the cart total reads "$50.25"' },
      { keyword: 'When', text: 'I delete the Steel Water Bottle', after: async (page) => expect(await cartOf(page)).toEqual({ 'dotted-notebook': 3 }) },
      { keyword: 'Then', text: 'the cart should contain 3 items', failsWith: [4] },
      { keyword: 'When', text: 'I click Proceed to checkout', after: async (page) => expect(path(page)).toBe('/demo-shop/checkout') },
    ],
  },
  {
    name: 'check out, other words',
    start: 'checkout',
    cart: { 'ceramic-mug': 2 },
    steps: [
      { keyword: 'When', text: 'I fill the Full name field with "Grace Hopper"', after: async (page) => expect(await value(page, 'Full name')).toBe('Grace Hopper') },
      { keyword: 'When', text: 'I enter "grace@example.com" in the Email field', after: async (page) => expect(await value(page, 'Email')).toBe('grace@example.com') },
      { keyword: 'When', text: 'I fill "42 Harbour Road" into Address', after: async (page) => expect(await value(page, 'Address')).toBe('42 Harbour Road') },
      { keyword: 'When', text: 'I type "Arlington" in the city field', after: async (page) => expect(await value(page, 'City')).toBe('Arlington') },
      { keyword: 'When', text: 'I pick "Germany" as the country', after: async (page) => expect(await value(page, 'Country')).toBe('Germany') },
      { keyword: 'When', text: 'I select Standard shipping', after: async (page) => expect(await page.locator('input[value=standard]').isChecked()).toBe(true) },
      { keyword: 'Then', text: 'the shipping cost shows "Free"', failsWith: ['$9.99'] },
      { keyword: 'When', text: 'I check the terms and conditions checkbox', after: async (page) => expect(await page.locator('#terms').isChecked()).toBe(true) },
      { keyword: 'When', text: 'I click the "Place order" button', after: async (page) => expect(await page.waitForURL(/confirmation/).then(() => true)).toBe(true) },
      { keyword: 'Then', text: 'the confirmation says "Thank you for your order"' },
      { keyword: 'Then', text: 'the URL contains "confirmation"', failsWith: ['checkout'] },
    ],
  },
  {
    name: 'search and buy, other words',
    start: null,
    steps: [
      { keyword: 'Given', text: 'I go to "search?q=notebook"', after: async (page) => expect(page.url()).toContain('q=notebook') },
      { keyword: 'Then', text: 'the results list 1 product', failsWith: [3] },
      { keyword: 'When', text: 'I open the Dotted Notebook', after: async (page) => expect(page.url()).toContain('id=dotted-notebook') },
      { keyword: 'Then', text: 'the title includes "Notebook"', failsWith: ['Backpack'] },
      { keyword: 'When', text: 'I choose 4 as the quantity', after: async (page) => expect(await value(page, 'Quantity')).toBe('4') },
      { keyword: 'When', text: 'I click Add to cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'dotted-notebook': 4 }) },
      { keyword: 'Then', text: 'the status message says "Dotted Notebook was added to your cart."' },
      { keyword: 'When', text: 'I follow the View cart link', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
      { keyword: 'Then', text: 'the Dotted Notebook row shows "$35.00"', failsWith: ['$9.99'] },
    ],
  },
  {
    name: 'a wrong password, other words',
    start: './',
    steps: [
      { keyword: 'Given', text: 'I navigate to the login page', after: async (page) => expect(path(page)).toBe('/demo-shop/login') },
      { keyword: 'When', text: 'I fill the username with "demo"', after: async (page) => expect(await value(page, 'Username')).toBe('demo') },
      { keyword: 'When', text: 'I fill the password with "wrong"', after: async (page) => expect(await value(page, 'Password')).toBe('wrong') },
      { keyword: 'When', text: 'I submit the login form' },
      { keyword: 'Then', text: 'an error "Invalid username or password" appears' },
      { keyword: 'When', text: 'I clear the password field', after: async (page) => expect(await value(page, 'Password')).toBe('') },
      { keyword: 'Then', text: 'the password field is empty' },
    ],
  },
];
