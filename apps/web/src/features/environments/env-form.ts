import { DEMO_PROJECT, ENV_NAME_MAX, uniqueName } from '@stepwise/shared';

/** Environment name derived from a URL's host: 'https://www.shop.example.com/x' gives 'shop-example-com'. */
export function nameFromUrl(url: string): string {
  const m = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(url.trim());
  if (!m) return '';
  return m[1].replace(/^www\./i, '').replace(/\./g, '-').slice(0, ENV_NAME_MAX);
}

/** Name of the demo environment, with a numeric suffix when taken. */
export function demoEnvName(existing: string[]): string {
  return uniqueName(DEMO_PROJECT.name, existing);
}
