import type { Page } from 'playwright-core';

/**
 * Playwright's locators name an element by a prefix of its accessible name when the name is longer
 * than about 30 characters ("I accept the terms and" for "I accept the terms and conditions"): short
 * enough to survive a reworded ending, but a step that reads `I check "I accept the terms and"` reads
 * wrong. Such a name is written out in full when the page still shows the element; the full name matches
 * the same element (the part Playwright kept is its beginning).
 */

/** A selector ending in an element named by role and part of its name, case aside (`…[name="…"i]`). */
const ROLE_NAME = /(internal:role=[a-z]+\[name=)("(?:[^"\\]|\\.)*")i\]$/;
/** The first line of an aria snapshot: `- checkbox "I accept the terms and conditions" [checked]`. */
const SNAPSHOT_NAME = /^- [a-z]+ ("(?:[^"\\]|\\.)*")/;
/** Playwright cuts a name of over 30 characters at the last word boundary within 30 (its selector generator). */
const CUT_LENGTH = 30;
/** A part shorter than this is a whole name: a cut keeps most of its 30 characters (no round trip for "Sign in"). */
const SHORTEST_CUT = 12;
/** Names longer than this stay as Playwright cut them (a link made of a whole paragraph reads worse in full). */
const MAX_NAME_LENGTH = 80;
/** A name ending in a number: Playwright leaves the number out on purpose (a count that changes, "Cart 3"). */
const TRAILING_NUMBER = /[^.,\w][\d.,]+$/;

const unquote = (quoted: string) => quoted.slice(1, -1).replace(/\\(.)/g, '$1');
/** Quoted as Playwright quotes a name in a selector. */
const quote = (name: string) => `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * `selector` with the element's whole accessible name in place of the part Playwright chose, where it cut
 * one and the element is still on the page (`timeout` bounds the snapshot of an element that goes meanwhile).
 */
export async function withFullName(page: Page, selector: string, timeout: number): Promise<string> {
  const named = ROLE_NAME.exec(selector);
  if (!named) return selector;
  const part = unquote(named[2]);
  if (part.length < SHORTEST_CUT || part.length > CUT_LENGTH) return selector;
  // Whether the element is still there, without waiting for it (a link that navigated is gone for good):
  // then its snapshot, which finds it at once, however busy the machine.
  const element = page.locator(selector);
  if ((await element.count().catch(() => 0)) !== 1) return selector;
  const snapshot = await element.ariaSnapshot({ timeout }).catch(() => '');
  const found = SNAPSHOT_NAME.exec(snapshot);
  if (!found) return selector;
  const full = unquote(found[1]);
  const cut = full.length > CUT_LENGTH && full.length <= MAX_NAME_LENGTH && full.toLowerCase().startsWith(part.toLowerCase());
  if (!cut || TRAILING_NUMBER.test(full)) return selector;
  return `${selector.slice(0, named.index)}${named[1]}${quote(full)}i]`;
}
