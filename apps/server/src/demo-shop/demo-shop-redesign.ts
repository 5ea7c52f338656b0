import fs from 'node:fs';
import path from 'node:path';

/**
 * The "changed" demo shop (/demo-shop-changed/): the same shop after a realistic redesign, for
 * measuring how tests cope with a product that moved on (AI recovery of locators). Its only source
 * is this table, applied to the shop's own pages and scripts as they are served: renamed buttons,
 * links and labels, two moved elements, its own localStorage keys and a note in the footer. The
 * API, the URLs and the behaviour are the original shop's.
 */

/** One literal text of the shop's files replaced by another, in every one of `files` (each must hold it). */
export interface Replacement {
  files: readonly string[];
  from: string;
  to: string;
}

/** A block of one file (from its first line `from` through its last `through`), taken out and put back before `before`. */
export interface Move {
  file: string;
  from: string;
  through: string;
  before: string;
  /** Text around the block at its new place. */
  wrap?: readonly [string, string];
}

export interface RedesignChange {
  /** What a person sees changed. */
  what: string;
  replace?: readonly Replacement[];
  move?: Move;
}

const PAGES = ['account.html', 'cart.html', 'checkout.html', 'confirmation.html', 'index.html', 'login.html', 'product.html', 'search.html'];
const CORE = 'assets/shop-core.js';
const APP = 'assets/app.js';
const STYLES = 'assets/styles.css';
const r = (from: string, to: string, ...files: string[]): Replacement => ({ from, to, files });

export const REDESIGN: readonly RedesignChange[] = [
  {
    what: "The 'Add to cart' buttons read 'Add to basket', and the added message says 'View basket'",
    replace: [
      r("text: 'Add to cart'", "text: 'Add to basket'", CORE, APP),
      r("' to the cart'", "' to the basket'", CORE),
      r("' was added to your cart.'", "' was added to your basket.'", CORE, APP),
      r("text: 'View cart'", "text: 'View basket'", CORE, APP),
    ],
  },
  {
    what: "The header's 'Cart' link is 'Basket'; the cart page is 'Your basket'",
    replace: [
      r("    'Cart',\n", "    'Basket',\n", CORE),
      r('<title>Cart - Demo Shop</title>', '<title>Basket - Demo Shop</title>', 'cart.html'),
      r('<h1>Your cart</h1>', '<h1>Your basket</h1>', 'cart.html'),
      r("'Your cart is empty.'", "'Your basket is empty.'", APP),
      r("'Cart summary'", "'Basket summary'", APP),
      r("' from the cart'", "' from the basket'", APP),
    ],
  },
  { what: "The cart's 'Remove' buttons read 'Delete'", replace: [r("text: 'Remove',", "text: 'Delete',", APP)] },
  { what: "'Quantity' (product page, cart) is 'Qty'", replace: [r("'Quantity'", "'Qty'", APP)] },
  { what: "The cart's 'Proceed to checkout' link reads 'Go to checkout'", replace: [r("text: 'Proceed to checkout'", "text: 'Go to checkout'", APP)] },
  { what: "'Continue shopping' links read 'Keep shopping'", replace: [r("text: 'Continue shopping'", "text: 'Keep shopping'", APP)] },
  { what: "The checkout's 'Full name' field is 'Your name'", replace: [r('<label for="name">Full name</label>', '<label for="name">Your name</label>', 'checkout.html')] },
  { what: "The checkout's 'Email' field is 'Email address'", replace: [r('<label for="email">Email</label>', '<label for="email">Email address</label>', 'checkout.html')] },
  {
    what: "Shipping is called delivery at the checkout: 'Delivery details', 'Delivery method', 'Standard delivery (free)', 'Express delivery ($9.99)'",
    replace: [
      r('<h2>Shipping details</h2>', '<h2>Delivery details</h2>', 'checkout.html'),
      r('<legend>Shipping method</legend>', '<legend>Delivery method</legend>', 'checkout.html'),
      r(' Standard shipping (free)</label>', ' Standard delivery (free)</label>', 'checkout.html'),
      r(' Express shipping ($9.99)</label>', ' Express delivery ($9.99)</label>', 'checkout.html'),
    ],
  },
  {
    what: "The terms checkbox reads 'I agree to the terms and conditions'",
    replace: [r(' I accept the terms and conditions</label>', ' I agree to the terms and conditions</label>', 'checkout.html')],
  },
  { what: "The 'Place order' button reads 'Place your order'", replace: [r('>Place order</button>', '>Place your order</button>', 'checkout.html')] },
  {
    what: "'Log in' is 'Sign in' (header link, login page) and 'Log out' is 'Sign out'",
    replace: [
      r("'Log in'", "'Sign in'", CORE),
      r('Log in', 'Sign in', 'login.html'),
      r('>Log out</button>', '>Sign out</button>', 'account.html'),
    ],
  },
  { what: "'My account' (header link, account page) is 'Your account'", replace: [r('My account', 'Your account', CORE, 'account.html')] },
  {
    what: "The search box reads 'Search the shop' and sits in a bar of its own under the header",
    replace: [
      r("'Search products'", "'Search the shop'", CORE),
      r('/* Footer */', '.search-bar { padding: 0.75rem 0; }\n.search-bar .search { max-width: 560px; }\n\n/* Footer */', STYLES),
    ],
    move: {
      file: CORE,
      from: "        el('form', { class: 'search'",
      through: "text: 'Search' }),\n        ]),\n",
      before: '    renderCartCount();\n  }\n  function renderCartCount() {',
      wrap: ["    header.after(el('div', { class: 'container search-bar' }, [\n", '    ]));\n'],
    },
  },
  {
    what: 'The checkout asks for the city and country before the address',
    move: {
      file: 'checkout.html',
      from: '        <div class="field">\n          <label for="address">',
      through: '<p id="address-error" class="field-error" hidden></p>\n        </div>\n',
      before: '        <fieldset class="field">',
    },
  },
  {
    what: "The footer says 'Redesigned shop'",
    replace: [
      r(
        "el('span', { text: 'Demo account: demo / demo123' }),",
        "el('span', { text: 'Demo account: demo / demo123' }),\n        el('span', { class: 'redesign-note', text: 'Redesigned shop: the demo shop with new names and places for a few things.' }),",
        CORE,
      ),
    ],
  },
  {
    what: 'Its cart, user and last order are kept apart from the original shop\'s (localStorage keys demoShopChanged.*)',
    replace: [r("'demoShop.", "'demoShopChanged.", CORE)],
  },
];

/** The files of the shop that the redesign rewrites (paths under the shop's public folder): its pages, scripts and styles. */
export const REDESIGNED_FILES: readonly string[] = [...PAGES, CORE, APP, STYLES];

function applyMove(text: string, move: Move): string {
  const start = text.indexOf(move.from);
  const end = start < 0 ? -1 : text.indexOf(move.through, start);
  if (end < 0) throw new Error(`the block starting ${JSON.stringify(move.from)} is not in ${move.file}`);
  const block = text.slice(start, end + move.through.length);
  const rest = text.slice(0, start) + text.slice(end + move.through.length);
  const at = rest.indexOf(move.before);
  if (at < 0) throw new Error(`${JSON.stringify(move.before)} is not in ${move.file}`);
  const [open, close] = move.wrap ?? ['', ''];
  return rest.slice(0, at) + open + block + close + rest.slice(at);
}

/** The redesign applied to the shop's files read from `publicDir`: every redesigned file by its path. */
export function redesignShop(publicDir: string, changes: readonly RedesignChange[] = REDESIGN): Map<string, string> {
  const files = new Map(REDESIGNED_FILES.map((file) => [file, fs.readFileSync(path.join(publicDir, file), 'utf8')]));
  const textOf = (file: string) => {
    const text = files.get(file);
    if (text === undefined) throw new Error(`The redesign names ${file}, which is not one of the redesigned files`);
    return text;
  };
  for (const change of changes) {
    try {
      for (const { files: names, from, to } of change.replace ?? []) {
        for (const file of names) {
          const text = textOf(file);
          if (!text.includes(from)) throw new Error(`${JSON.stringify(from)} is not in ${file}`);
          files.set(file, text.split(from).join(to));
        }
      }
      if (change.move) files.set(change.move.file, applyMove(textOf(change.move.file), change.move));
    } catch (error) {
      throw new Error(`The redesign no longer fits the demo shop (${change.what}): ${(error as Error).message}`, { cause: error });
    }
  }
  return files;
}
