/** The demo shop's catalogue and its one demo account; nothing is stored on the server. */
export interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  description: string;
  image: string;
}

export const PRODUCTS: readonly Product[] = [
  {
    id: 'trail-backpack',
    name: 'Trail Backpack',
    price: 49.99,
    category: 'Bags',
    description: 'A light 22-litre backpack with a padded laptop sleeve and water-resistant fabric.',
    image: 'assets/products/backpack.svg',
  },
  {
    id: 'ceramic-mug',
    name: 'Ceramic Coffee Mug',
    price: 12.5,
    category: 'Kitchen',
    description: 'A hand-glazed 350 ml mug that keeps your coffee warm through the morning stand-up.',
    image: 'assets/products/mug.svg',
  },
  {
    id: 'cotton-tshirt',
    name: 'Organic Cotton T-Shirt',
    price: 19.99,
    category: 'Apparel',
    description: 'A soft, breathable t-shirt made from certified organic cotton.',
    image: 'assets/products/tshirt.svg',
  },
  {
    id: 'wireless-headphones',
    name: 'Wireless Headphones',
    price: 89,
    category: 'Electronics',
    description: 'Over-ear headphones with noise cancelling and 30 hours of battery life.',
    image: 'assets/products/headphones.svg',
  },
  {
    id: 'dotted-notebook',
    name: 'Dotted Notebook',
    price: 8.75,
    category: 'Stationery',
    description: 'An A5 notebook with 160 dotted pages for sketches, plans and test ideas.',
    image: 'assets/products/notebook.svg',
  },
  {
    id: 'water-bottle',
    name: 'Steel Water Bottle',
    price: 24,
    category: 'Outdoors',
    description: 'A double-walled 750 ml bottle: cold for 24 hours, hot for 12.',
    image: 'assets/products/bottle.svg',
  },
];

/** The demo account named on the login page. */
export const DEMO_USER = { username: 'demo', password: 'demo123', name: 'Demo User' } as const;

export const EXPRESS_SHIPPING = 9.99;

/** Products whose name, category or description contains every word of the query (case-insensitive). */
export function searchProducts(query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...PRODUCTS];
  return PRODUCTS.filter((p) => {
    const text = `${p.name} ${p.category} ${p.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}
