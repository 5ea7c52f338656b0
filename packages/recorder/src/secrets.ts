import { locatorParts } from './locator-parts.ts';

/**
 * The test-data key a password field's value is stored under: from the field's name (label, placeholder,
 * accessible name), in snake case, `password` when it has none; made unique among `taken`.
 */
export function secretKeyFor(locator: string, taken: ReadonlySet<string | null>): string {
  const parts = locatorParts(locator);
  const last = parts?.[parts.length - 1];
  const [first, second] = last?.args ?? [];
  const name = typeof second === 'object' && second && typeof (second as Record<string, unknown>).name === 'string' ? (second as Record<string, string>).name : typeof first === 'string' && last?.method !== 'getByRole' ? first : '';
  const base =
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
      .slice(0, 40) || 'password';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}
