import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { cartOf } from './demo-shop-browser.ts';
import type { ShopScenario } from './demo-shop-scenarios.ts';

const path = (page: Page) => new URL(page.url()).pathname;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

/** A fourth set of phrasings of the journeys: messages about what happened, values of a row, signing in and out. */
export const FOURTH_SCENARIOS: ShopScenario[] = [
  {
    name: 'fourth phrasing: cart',
    start: null,
    steps: [
      { keyword: 'Given', text: 'I navigate to the Demo Shop', after: async (page, shop) => expect(page.url()).toBe(shop) },
      { keyword: 'When', text: 'I add the "Wireless Headphones" to my basket', after: async (page) => expect(await cartOf(page)).toEqual({ 'wireless-headphones': 1 }) },
      { keyword: 'Then', text: 'the Wireless Headphones were added' },
      { keyword: 'When', text: 'I view my cart', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
      { keyword: 'Then', text: 'the cart shows "Wireless Headphones"', failsWith: ['Trail Backpack'] },
      { keyword: 'When', text: 'I change the quantity to 2', after: async (page) => expect(await cartOf(page)).toEqual({ 'wireless-headphones': 2 }) },
      { keyword: 'Then', text: 'the subtotal of "Wireless Headphones" is "$178.00"', failsWith: ['Wireless Headphones', '$99.00'] },
      { keyword: 'When', text: 'I click the Wireless Headphones link', after: async (page) => expect(page.url()).toContain('id=wireless-headphones') },
      { keyword: 'Then', text: 'the product name is "Wireless Headphones"' },
      { keyword: 'When', text: 'I go back', after: async (page) => expect(path(page)).toBe('/demo-shop/cart') },
    ],
  },
  {
    name: 'fourth phrasing: login',
    start: 'login',
    steps: [
      { keyword: 'When', text: 'I type "demo" as my username', after: async (page) => expect(await value(page, 'Username')).toBe('demo') },
      { keyword: 'When', text: 'I type "nope" as my password', after: async (page) => expect(await value(page, 'Password')).toBe('nope') },
      // The shop answers the sign-in over the network: the next step is written from the page once the answer shows.
      { keyword: 'When', text: 'I press the Log in button', after: async (page) => page.getByRole('alert').waitFor() },
      { keyword: 'Then', text: 'the alert "Invalid username or password" is displayed' },
      { keyword: 'Then', text: 'the password field is empty' },
      { keyword: 'When', text: 'I sign in as "demo" with password "demo123"', after: async (page) => expect(await page.waitForURL(/account/).then(() => true)).toBe(true) },
      { keyword: 'Then', text: 'I am signed in' },
      { keyword: 'Then', text: 'the welcome message says "Welcome back, Demo User!"', failsWith: ['Welcome back, Ada!'] },
      { keyword: 'When', text: 'I click Log out', after: async (page) => expect(await page.waitForURL(/login/).then(() => true)).toBe(true) },
      { keyword: 'Then', text: 'I should be on the login page' },
    ],
  },
  {
    name: 'fourth phrasing: search',
    start: './',
    steps: [
      { keyword: 'When', text: 'I search the shop for "t-shirt"', after: async (page) => expect(page.url()).toContain('q=t-shirt') },
      { keyword: 'Then', text: 'the search results show 1 product', failsWith: [2] },
      { keyword: 'Then', text: 'the page heading contains "t-shirt"' },
      { keyword: 'When', text: 'I clear the search box', after: async (page) => expect(await page.getByRole('searchbox').inputValue()).toBe('') },
      { keyword: 'Then', text: 'the search box is empty' },
    ],
  },
];
