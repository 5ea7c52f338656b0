import type { FailureEvidence } from '../ai-types.ts';

/**
 * What a failure's evidence says, read with the texts Playwright, Node, cucumber-js, the built-in step
 * library and the usual assertion libraries write. Each reader answers the fact it found (to quote it)
 * or null.
 */

type NetworkFact = FailureEvidence['network'][number];

const UNREACHABLE_RE =
  /ECONNREFUSED|ERR_CONNECTION_REFUSED|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ENOTFOUND|EAI_AGAIN|getaddrinfo|ERR_ADDRESS_UNREACHABLE|EHOSTUNREACH|ENETUNREACH|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_TIMED_OUT|No environment is selected/;

/** The error's or a document request's sign that the application's host could not be reached. */
export function unreachable(error: string, network: readonly NetworkFact[]): { code: string; url: string | null } | null {
  const m = UNREACHABLE_RE.exec(error);
  if (m) return { code: m[0], url: /\bat (https?:\/\/\S+)/.exec(error)?.[1] ?? firstUrl(error) };
  const req = network.find((n) => typeof n.status === 'string' && UNREACHABLE_RE.test(n.status) && (n.type === undefined || n.type === 'document'));
  return req ? { code: String(req.status), url: req.requestUrl } : null;
}

const firstUrl = (text: string) => /\bhttps?:\/\/[^\s'"`)<>]+/.exec(text)?.[0] ?? null;

const DATA_KEY_RES = [
  /No test data named "([^"]+)"/g,
  /No stored user named "([^"]+)"/g,
  /test data (?:key |value |entry )?["']([^"']+)["'] (?:was )?not found/gi,
  /Missing (?:test data|secret)(?: value)?[: ]+["']?([\w.-]+)/gi,
];
const DATA_HINT_RE = /test data[^\n]*not found|(?:test data|secret)[^\n]*\bmissing\b|missing (?:test data|secret)/i;

/** Test data keys (or stored users) the error says are missing; `hinted` when it speaks of missing data without a key. */
export function missingDataInError(error: string): { keys: string[]; hinted: boolean } {
  const keys = new Set<string>();
  for (const re of DATA_KEY_RES) for (const m of error.matchAll(re)) keys.add(m[1]);
  return { keys: [...keys], hinted: DATA_HINT_RE.test(error) };
}

const DEFINITE_CODE_RE = /^(?:Undefined step|Pending step|Ambiguous step)\b|Multiple step definitions match|\b(?:SyntaxError|ReferenceError)\b|\bis not defined\b/m;
const THROWN_CODE_RE = /\b(?:TypeError|RangeError)\b|\bis not a function\b|Cannot read propert(?:y|ies) of (?:undefined|null)|Cannot set propert(?:y|ies) of (?:undefined|null)/;

/** The step's own code failed for sure: no definition, pending, ambiguous, or a syntax or reference error. */
export function definiteCodeError(error: string): string | null {
  return DEFINITE_CODE_RE.exec(error)?.[0] ?? null;
}

/** The step's code threw a TypeError or RangeError (which bad data from the application can also cause). */
export function thrownCodeError(error: string): string | null {
  return THROWN_CODE_RE.exec(error)?.[0] ?? null;
}

/** Where in the project's step files the error was thrown: `steps/cart.mjs:12`. */
export function stepCodePlace(error: string): string | null {
  const m = /(?:^|[\s(/])(steps\/[\w./-]+\.[cm]?[jt]s):(\d+)/m.exec(error);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Requests of the step the application answered with a 5xx. */
export function serverErrors(network: readonly NetworkFact[]): NetworkFact[] {
  return network.filter((n) => {
    const status = typeof n.status === 'number' ? n.status : Number(n.status);
    return Number.isInteger(status) && status >= 500 && status <= 599;
  });
}

/** Uncaught exceptions of the page, and console errors of failed 5xx loads. */
export function pageErrors(console: FailureEvidence['console']): FailureEvidence['console'] {
  return console.filter((c) => c.type === 'pageerror' || (c.type === 'error' && /status of 5\d\d\b/.test(c.text)));
}

const NET_ERROR_RE = /net::ERR_[A-Z_]+/;
const NAVIGATION_RE = /\b(?:page|frame)\.goto: (?!Timeout)|Cannot navigate to invalid URL|Protocol error \(Page\.navigate\)|Navigation failed because|navigation to "[^"]*" (?:is )?interrupted/;

/** The page could not be opened: a net::ERR_ code, a failed goto, or the document answered 4xx. */
export function navigationFailure(error: string, network: readonly NetworkFact[], pageUrl: string | null): { what: string; url: string | null } | null {
  const net = NET_ERROR_RE.exec(error);
  if (net) return { what: net[0], url: /\bat (https?:\/\/\S+)/.exec(error)?.[1] ?? firstUrl(error) };
  const doc = network.find((n) => {
    const status = Number(n.status);
    const isDocument = n.type !== undefined ? n.type === 'document' : pageUrl !== null && sameUrl(n.requestUrl, pageUrl);
    // ERR_ABORTED: the browser gave the request up (a timeout, the next navigation), a consequence and not a cause.
    return isDocument && ((status >= 400 && status <= 499) || (typeof n.status === 'string' && NET_ERROR_RE.test(n.status) && !n.status.includes('ERR_ABORTED')));
  });
  if (doc) return { what: typeof doc.status === 'number' ? `HTTP ${doc.status}` : String(doc.status), url: doc.requestUrl };
  const nav = NAVIGATION_RE.exec(error);
  return nav ? { what: nav[0].replace(/:\s*$/, ' failed'), url: firstUrl(error) } : null;
}

const sameUrl = (a: string, b: string) => a.replace(/[#?].*$/, '').replace(/\/$/, '') === b.replace(/[#?].*$/, '').replace(/\/$/, '');

const LOCATOR_RE =
  /waiting for (?:getBy\w+|locator|frameLocator|selector)\(|strict mode violation|Could not find .+ on the page|resolved to 0 elements|element is not (?:attached|visible|enabled|stable)|No element (?:found|matches)|Unable to (?:find|locate) element|NoSuchElement/i;

/** The step could not find (or could not single out) its element. */
export function locatorFailure(error: string): string | null {
  return LOCATOR_RE.exec(error)?.[0] ?? null;
}

/** How many elements a strict-mode violation says the locator matched. */
export function strictMatches(error: string): number | null {
  const m = /strict mode violation: .* resolved to (\d+) elements/.exec(error);
  return m ? Number(m[1]) : null;
}

const API_PREFIX_RE = /^(?:Error: )?(?:locator|page|frame|elementHandle|browserContext|request|apiRequestContext)\.\w+: /;

/** What the check expected and what it got, from the common assertion messages. */
export function expectedReceived(error: string): { expected: string; received: string } | null {
  const text = error.replace(/^Error: /, '');
  if (API_PREFIX_RE.test(text)) return null;
  let m = /Expected(?: value| string| substring| pattern)?:\s*(.+)\n(?:[\s\S]*?\n)?\s*Received(?: value| string)?:\s*(.+)/.exec(text);
  if (m) return { expected: m[1].trim(), received: m[2].trim() };
  m = /expected\s+(.+?)\s+but\s+(?:found|got|received|was|is)\s+(.+?)\.?\s*$/im.exec(text);
  if (m) return { expected: m[1], received: m[2] };
  m = /^\s*(.+?)\s+!==\s+(.+?)\s*$/m.exec(text);
  if (m && /strictly equal|AssertionError/.test(text)) return { expected: m[2], received: m[1] };
  m = /expected\s+(?!values to be)(.+?)\s+to\s+(?:equal|be|deeply equal|strictly equal|include|contain|match|have (?:length|text|value)(?: of)?)\s+(.+?)\s*$/im.exec(text);
  if (m) return { expected: m[2], received: m[1] };
  m = /The text "(.+)" was not found in the page/.exec(text);
  if (m) return { expected: `"${m[1]}" on the page`, received: 'not on the page' };
  m = /The text "(.+)" is still in the page/.exec(text);
  if (m) return { expected: `"${m[1]}" gone from the page`, received: 'still on the page' };
  return null;
}

const ASSERTION_RE = /\bAssertionError\b|\bexpect\(.*\)\.(?:not\.)?to[A-Z]\w*|Expected values to be|\bexpected\b.+\b(?:but|to (?:equal|be|contain|include|have|match|deeply))\b/i;

/** The step's check failed (an assertion), without saying what it expected. */
export function assertionFailure(error: string): boolean {
  const text = error.replace(/^Error: /, '');
  return !API_PREFIX_RE.test(text) && ASSERTION_RE.test(text);
}

const TIMEOUT_RE = /Timeout (\d+)ms exceeded|function timed out, ensure the (?:promise resolves|callback is executed) within (\d+) milliseconds|\bTimeoutError\b|\btimed out\b|did not finish: the run ended while it was running/i;

/** The step or its navigation ran out of time: the limit in ms when the error says it. */
export function timedOut(error: string): { ms: number | null } | null {
  const m = TIMEOUT_RE.exec(error);
  if (!m) return null;
  const ms = Number(m[1] ?? m[2]);
  return { ms: Number.isFinite(ms) && ms > 0 ? ms : null };
}
