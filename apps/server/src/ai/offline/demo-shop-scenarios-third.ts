import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { cartOf } from './demo-shop-browser.ts';
import type { ShopScenario } from './demo-shop-scenarios.ts';

const path = (page: Page) => new URL(page.url()).pathname;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

/** A third set of phrasings of the journeys: passive voice, synonyms, logging in in one step. */
export const THIRD_SCENARIOS: ShopScenario[] = [
  {
    name: 'third phrasing: shopping',
    start: null,
    steps: [
      { keyword: 'Given', text: 'the home page is open', after: async (page, shop) => expect(page.url()).toBe(shop) },
      { keyword: 'When', text: 'I add 2 Ceramic Coffee Mugs to the cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'ceramic-mug': 2 }) },
      { keyword: 'When', text: 'I tap Add to cart next to the Organic Cotton T-Shirt', after: async (page) => expect((await cartOf(page))['cotton-tshirt']).toBe(1) },
      { keyword: 'When', text: 'I go to my cart', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
      { keyword: 'Then', text: 'the Organic Cotton T-Shirt is in the cart' },
      { keyword: 'When', text: 'I remove the T-Shirt', after: async (page) => expect((await cartOf(page))['cotton-tshirt']).toBeUndefined() },
      { keyword: 'Then', text: 'the number of items in the cart is 2' },
      { keyword: 'When', text: 'I continue to checkout', after: async (page) => expect(path(page)).toBe('/demo-shop/checkout') },
    ],
  },
  {
    name: 'third phrasing: checkout',
    start: 'checkout',
    cart: { 'water-bottle': 1 },
    steps: [
      { keyword: 'When', text: 'I enter my full name "Alan Turing"', after: async (page) => expect(await value(page, 'Full name')).toBe('Alan Turing') },
      { keyword: 'When', text: 'I provide "alan@example.com" for the email address', after: async (page) => expect(await value(page, 'Email')).toBe('alan@example.com') },
      { keyword: 'When', text: 'the address is set to "Bletchley Park"', after: async (page) => expect(await value(page, 'Address')).toBe('Bletchley Park') },
      { keyword: 'When', text: 'I put "Milton Keynes" in the City field', after: async (page) => expect(await value(page, 'City')).toBe('Milton Keynes') },
      { keyword: 'When', text: 'I choose the express delivery option', after: async (page) => expect(await page.locator('input[value=express]').isChecked()).toBe(true) },
      { keyword: 'When', text: 'I agree to the terms', after: async (page) => expect(await page.locator('#terms').isChecked()).toBe(true) },
      { keyword: 'Then', text: 'the order total is "$33.99"', failsWith: ['$24.00'] },
      { keyword: 'When', text: 'I confirm the order', after: async (page) => expect(await page.waitForURL(/confirmation/).then(() => true)).toBe(true) },
    ],
  },
  {
    name: 'third phrasing: account',
    start: null,
    steps: [
      { keyword: 'Given', text: 'I am on the login page', after: async (page) => expect(path(page)).toBe('/demo-shop/login') },
      { keyword: 'When', text: 'I log in as "demo" with password "demo123"', after: async (page) => expect(await page.waitForURL(/account/).then(() => true)).toBe(true) },
      { keyword: 'Then', text: 'I am logged in' },
      { keyword: 'Then', text: 'the account page greets "Demo User"' },
    ],
  },
  {
    name: 'third phrasing: search and product',
    start: './',
    steps: [
      { keyword: 'When', text: 'I look for "bottle"', after: async (page) => expect(page.url()).toContain('q=bottle') },
      { keyword: 'Then', text: '"Steel Water Bottle" is listed' },
      { keyword: 'Then', text: 'I get 1 result', failsWith: [2] },
      { keyword: 'When', text: 'I open the product Steel Water Bottle', after: async (page) => expect(page.url()).toContain('id=water-bottle') },
      { keyword: 'When', text: 'I pick 5 from the quantity list', after: async (page) => expect(await value(page, 'Quantity')).toBe('5') },
      { keyword: 'Then', text: 'the quantity shows 5', failsWith: [4] },
      { keyword: 'When', text: 'I add it to my cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'water-bottle': 5 }) },
      { keyword: 'Then', text: 'the cart count is 5', failsWith: [7] },
    ],
  },
];
