import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { StepKeyword } from '../ai-types.ts';
import { cartOf } from './demo-shop-browser.ts';

/** One English step the built-in library has no definition for, and what the page shows once it ran. */
export interface ShopStep {
  keyword: StepKeyword;
  text: string;
  after?: (page: Page, shopUrl: string) => Promise<void>;
  /** Arguments with which the generated assertion must fail. */
  failsWith?: unknown[];
}

export interface ShopScenario {
  name: string;
  /** Path opened before the first step; null leaves the browser on a blank page. */
  start: string | null;
  /** The cart the scenario starts with (product id -> quantity). */
  cart?: Record<string, number>;
  steps: ShopStep[];
}

const path = (page: Page) => new URL(page.url()).pathname;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();
const waitForPath = (page: Page, pathname: string) =>
  page.waitForURL((url) => url.pathname === pathname).then(
    () => true,
    () => false,
  );

export const SCENARIOS: ShopScenario[] = [
  {
    name: 'fill a cart from the product list',
    start: null,
    steps: [
      { keyword: 'Given', text: 'I am on the home page', after: async (page, shop) => expect(page.url()).toBe(shop) },
      { keyword: 'When', text: 'I add the Trail Backpack to the cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'trail-backpack': 1 }) },
      { keyword: 'When', text: 'I add "Ceramic Coffee Mug" to the cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'trail-backpack': 1, 'ceramic-mug': 1 }) },
      { keyword: 'Then', text: 'the page shows "Ceramic Coffee Mug was added to your cart."', failsWith: ['Nothing like this was added'] },
      { keyword: 'Then', text: 'I should see 6 products', failsWith: [5] },
      { keyword: 'Then', text: 'the Trail Backpack costs "$49.99"', failsWith: ['$12.50'] },
      { keyword: 'Then', text: 'the page title is "Demo Shop"' },
      {
        keyword: 'When',
        text: 'I hover over the Cart link',
        after: async (page) => expect(await page.getByRole('link', { name: 'Cart', exact: true }).evaluate((a) => a.matches(':hover'))).toBe(true),
      },
      { keyword: 'When', text: 'I open the cart', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
      { keyword: 'Then', text: 'I should see 2 items in the cart', failsWith: [3] },
      { keyword: 'Then', text: 'the cart total should be "$62.49"', failsWith: ['$62.50'] },
      { keyword: 'When', text: 'I change the quantity of "Trail Backpack" to 2', after: async (page) => expect((await cartOf(page))['trail-backpack']).toBe(2) },
      { keyword: 'Then', text: 'the cart total should be "$112.48"' },
      { keyword: 'When', text: 'I remove the Ceramic Coffee Mug from the cart', after: async (page) => expect(await cartOf(page)).toEqual({ 'trail-backpack': 2 }) },
      { keyword: 'Then', text: '"Ceramic Coffee Mug" is not displayed' },
      { keyword: 'When', text: 'I proceed to checkout', after: async (page) => expect(path(page)).toBe('/demo-shop/checkout') },
    ],
  },
  {
    name: 'check out',
    start: 'checkout',
    cart: { 'trail-backpack': 2 },
    steps: [
      { keyword: 'When', text: 'I fill in my name with "Ada Lovelace"', after: async (page) => expect(await value(page, 'Full name')).toBe('Ada Lovelace') },
      { keyword: 'When', text: 'I enter "ada@example.com" as my email', after: async (page) => expect(await value(page, 'Email')).toBe('ada@example.com') },
      { keyword: 'When', text: 'I type "1 Main Street" into the address field', after: async (page) => expect(await value(page, 'Address')).toBe('1 Main Street') },
      { keyword: 'When', text: 'I set the city to "London"', after: async (page) => expect(await value(page, 'City')).toBe('London') },
      { keyword: 'When', text: 'I select "Canada" from the country dropdown', after: async (page) => expect(await value(page, 'Country')).toBe('Canada') },
      { keyword: 'When', text: 'I choose Express shipping', after: async (page) => expect(await page.locator('input[value=express]').isChecked()).toBe(true) },
      { keyword: 'Then', text: 'the order total should be "$109.97"', failsWith: ['$99.98'] },
      { keyword: 'Then', text: 'the email field contains "ada@example.com"', failsWith: ['grace@example.com'] },
      { keyword: 'When', text: 'I accept the terms and conditions', after: async (page) => expect(await page.locator('#terms').isChecked()).toBe(true) },
      { keyword: 'Then', text: 'the terms checkbox is checked' },
      { keyword: 'Then', text: 'the Place order button is visible' },
      { keyword: 'When', text: 'I place the order', after: async (page) => expect(await waitForPath(page, '/demo-shop/confirmation')).toBe(true) },
      { keyword: 'Then', text: 'I am on the confirmation page' },
      { keyword: 'Then', text: 'the heading "Thank you for your order" is shown', failsWith: ['Sorry'] },
    ],
  },
  {
    name: 'buy from the product page',
    start: null,
    steps: [
      { keyword: 'Given', text: 'I visit "product?id=wireless-headphones"', after: async (page) => expect.poll(() => page.title()).toContain('Wireless Headphones') },
      { keyword: 'When', text: 'I set the quantity to 3', after: async (page) => expect(await value(page, 'Quantity')).toBe('3') },
      { keyword: 'When', text: 'I press the Add to cart button', after: async (page) => expect(await cartOf(page)).toEqual({ 'wireless-headphones': 3 }) },
      { keyword: 'Then', text: 'the message "Wireless Headphones was added to your cart." appears' },
      { keyword: 'Then', text: 'the page title contains "Headphones"', failsWith: ['Backpack'] },
      { keyword: 'Then', text: 'the Wireless Headphones heading is displayed' },
      { keyword: 'When', text: 'I go back to the products', after: async (page, shop) => expect(page.url()).toBe(shop) },
    ],
  },
  {
    name: 'search',
    start: './',
    steps: [
      { keyword: 'When', text: 'I search for "mug"', after: async (page) => expect(page.url()).toContain('search?q=mug') },
      { keyword: 'Then', text: 'the search shows 1 product', failsWith: [2] },
      { keyword: 'When', text: 'I wait until "1 product found." appears' },
      { keyword: 'Then', text: 'the address includes "q=mug"', failsWith: ['q=bag'] },
      { keyword: 'When', text: 'I click on the Ceramic Coffee Mug', after: async (page) => expect(page.url()).toContain('product?id=ceramic-mug') },
      { keyword: 'When', text: 'I wait for 1 second' },
      { keyword: 'Then', text: 'the price is "$12.50"' },
    ],
  },
  {
    name: 'log in and out',
    start: './',
    steps: [
      { keyword: 'Given', text: 'I go to the login page', after: async (page) => expect(path(page)).toBe('/demo-shop/login') },
      { keyword: 'When', text: 'I enter "demo" as the username', after: async (page) => expect(await value(page, 'Username')).toBe('demo') },
      { keyword: 'When', text: 'I type "demo123" into the password field', after: async (page) => expect(await value(page, 'Password')).toBe('demo123') },
      { keyword: 'When', text: 'I press Enter', after: async (page) => expect(await waitForPath(page, '/demo-shop/account')).toBe(true) },
      { keyword: 'Then', text: 'I should be on the account page' },
      { keyword: 'Then', text: 'the page says "Welcome back, Demo User!"', failsWith: ['Welcome back, Ada!'] },
      { keyword: 'When', text: 'I log out', after: async (page) => expect(await waitForPath(page, '/demo-shop/login')).toBe(true) },
      { keyword: 'Then', text: '"You have been logged out." is displayed' },
      { keyword: 'When', text: 'I click the Log in button' },
      { keyword: 'Then', text: 'the error "Please enter your username and password" is shown' },
    ],
  },
];
