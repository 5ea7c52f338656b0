// The English suite of bench:ai-steps: scenarios over the demo shop written as a tester would, in
// steps the built-in step library does not have. Each scenario starts on a blank page.
export const SUITE = [
  {
    name: 'Find a mug and buy it',
    steps: [
      'I go to the home page',
      'I search for "mug"',
      'I open the "Ceramic Coffee Mug" product',
      'I add it to the cart',
      'I open my cart',
      'The cart total should be "$12.50"',
    ],
  },
  {
    name: 'Browse the products on the home page',
    steps: [
      'I visit the shop',
      'The page shows "Welcome to the Demo Shop"',
      'I should see the "Wireless Headphones" product',
      'The price "$89.00" is displayed',
      'I open the product "Trail Backpack"',
      'The page title contains "Trail Backpack"',
    ],
  },
  {
    name: 'Put two products in the cart from the home page',
    steps: [
      'I go to the home page',
      'I add the "Trail Backpack" to the cart',
      'I add the "Ceramic Coffee Mug" to the cart',
      'I go to the cart',
      'The cart should contain "Trail Backpack"',
      'The cart should contain "Ceramic Coffee Mug"',
    ],
  },
  {
    name: 'Change a quantity in the cart',
    steps: [
      'I open the product page of the "Ceramic Coffee Mug"',
      'I add the product to my cart',
      'I open the cart page',
      'I change the quantity to "3"',
      'The total should be "$37.50"',
    ],
  },
  {
    name: 'Sign in with the demo account',
    steps: [
      'I go to the login page',
      'I enter "demo" as the username',
      'I enter "demo123" as the password',
      'I submit the login form',
      'I should be on the account page',
      'The page greets me with "Welcome back, Demo User!"',
    ],
  },
  {
    name: 'Search for something the shop does not sell',
    steps: [
      'I go to the home page',
      'I type "umbrella" in the search box',
      'I press Enter',
      'The page says "No products found"',
    ],
  },
  {
    name: 'Check out with express shipping',
    steps: [
      'I open the product page of the "Trail Backpack"',
      'I add the product to my cart',
      'I open the cart page',
      'I proceed to checkout',
      'I enter "Ada Lovelace" as my full name',
      'I enter "ada@example.com" as my email',
      'I enter "12 Analytical Street" as my address',
      'I enter "London" as my city',
      'I choose "United Kingdom" as my country',
      'I tick the terms and conditions',
      'I place the order',
      'I should see "Thank you for your order"',
    ],
  },
];
