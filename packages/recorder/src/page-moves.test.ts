import { describe, expect, it } from 'vitest';
import { placeOf } from './page-moves.ts';

const BASE = 'https://shop.example.com/demo-shop/';

describe('placeOf', () => {
  it('is the path under the base URL, without query or fragment', () => {
    expect(placeOf('https://shop.example.com/demo-shop/account', BASE)).toBe('/account');
    expect(placeOf('https://shop.example.com/demo-shop/search?q=bottle#top', BASE)).toBe('/search');
    expect(placeOf('https://shop.example.com/demo-shop/products/?user=ada&pass=s3cret', BASE)).toBe('/products/');
  });

  it('cuts the path before a segment that names one record', () => {
    expect(placeOf(`${BASE}orders/1234/receipt`, BASE)).toBe('/orders/');
    expect(placeOf(`${BASE}runs/3f2a9c1e-0b7d-4c55-9a0e-6d1f2b3c4d5e`, BASE)).toBe('/runs/');
    expect(placeOf(`${BASE}commits/8f3a2b9c1d0e4f5a`, BASE)).toBe('/commits/');
    expect(placeOf(`${BASE}reset/eyJhbGciOiJIUzI1NiJ9x7`, BASE)).toBe('/reset/');
    expect(placeOf(`${BASE}product/steel-water-bottle`, BASE)).toBe('/product/steel-water-bottle');
  });

  it('is null for the home page, which every address contains', () => {
    expect(placeOf(BASE, BASE)).toBeNull();
    expect(placeOf('https://shop.example.com/demo-shop/?from=login', BASE)).toBeNull();
    expect(placeOf(`${BASE}42`, BASE)).toBeNull();
  });

  it('keeps the origin of an address elsewhere', () => {
    expect(placeOf('https://login.example.org/authorize?client=1', BASE)).toBe('https://login.example.org/authorize');
  });
});
