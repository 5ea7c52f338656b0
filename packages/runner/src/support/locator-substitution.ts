import type { Locator, Page } from 'playwright-core';
import type { LocatorReplacement } from '../options.ts';

/** Methods of a Page, Frame or Locator that make a locator. */
const FACTORIES = new Set([
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByTestId', 'getByAltText', 'getByTitle',
  'first', 'last', 'nth', 'filter', 'and', 'or', 'locatorFor', 'owner',
]);
/** Page methods taking a selector first: `page.click('text=Add to cart')` goes through the replacement too. */
const SELECTOR_ACTIONS = new Set(['click', 'dblclick', 'fill', 'type', 'press', 'check', 'uncheck', 'hover', 'focus', 'selectOption', 'setInputFiles', 'tap', 'isVisible', 'textContent', 'innerText', 'inputValue', 'getAttribute']);

type AnyFn = (...args: unknown[]) => unknown;

/**
 * The page as a repaired step sees it: every locator it builds whose Playwright description is a
 * replacement's `from` is built as `method(...args)` on the same parent instead. Everything else is
 * the page itself (functions bound to it).
 */
export function substitutingPage(page: Page, replacements: readonly LocatorReplacement[]): Page {
  const byFrom = new Map(replacements.map((r) => [r.from, r]));
  const swap = (parent: object, made: unknown): unknown => {
    if (!isLocator(made)) return made;
    const r = byFrom.get(String(made));
    const base = (r?.root ? page : parent) as Record<string, AnyFn>;
    const loc = r ? (base[r.method]!.apply(base, r.args) as Locator) : made;
    return wrap(loc);
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key, t) as unknown;
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        const fn = value as AnyFn;
        if (FACTORIES.has(key)) return (...args: unknown[]) => swap(t, fn.apply(t, args));
        if (key === 'frameLocator') return (...args: unknown[]) => wrap(fn.apply(t, args) as object);
        if (SELECTOR_ACTIONS.has(key) && t === (page as object)) {
          return (selector: unknown, ...rest: unknown[]) => {
            if (typeof selector === 'string') {
              const r = byFrom.get(String(page.locator(selector)));
              if (r) return ((page as unknown as Record<string, AnyFn>)[r.method]!.apply(page, r.args) as unknown as Record<string, AnyFn>)[key]!(...rest);
            }
            return fn.apply(t, [selector, ...rest]);
          };
        }
        return fn.bind(t);
      },
    });
  return wrap(page);
}

function isLocator(value: unknown): value is Locator {
  return !!value && typeof value === 'object' && typeof (value as Locator).click === 'function' && typeof (value as Locator).getByRole === 'function' && 'page' in value;
}
