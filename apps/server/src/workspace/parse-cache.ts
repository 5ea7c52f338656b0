import { LruCache } from './lru-cache.ts';
import { parseFeature, type ParsedFeature } from './gherkin-parse.ts';
import { nodeFragment, summarise, type FeatureSummary, type ListForm } from './feature-summary.ts';

/**
 * One parsed .feature blob: its summary, and the JSON of its tree node in each form, made when first
 * asked for (a listing of a new commit reuses the fragments of every blob that did not change).
 * A blob parsed for a listing keeps only its fragment and summary, not the parse objects: they are
 * made again, for that file alone, when an edit or a caller of readBranchFeatures needs them.
 */
export class CachedFeature {
  readonly content: string;
  readonly summary: FeatureSummary;
  private parsedValue: ParsedFeature | undefined;
  private readonly json: Partial<Record<ListForm, string>> = {};
  constructor(content: string, parsed: ParsedFeature, listing?: ListForm) {
    this.content = content;
    this.summary = summarise(parsed);
    if (listing) this.json[listing] = nodeFragment(content, parsed, listing);
    else this.parsedValue = parsed;
  }

  get parsed(): ParsedFeature {
    return (this.parsedValue ??= parseFeature(this.content));
  }

  fragment(form: ListForm): string {
    return (this.json[form] ??= nodeFragment(this.content, this.parsed, form));
  }
}

/** Rough memory units per cached feature: the text, its JSON fragments and the parsed objects. */
const costOf = (content: string) => content.length * 6 + 1024;

/**
 * Parsed features by Git blob id. A blob id names its content, so one cache serves every project
 * and branch, and an entry never goes stale. Bounded to roughly 600 MB of text and parse results.
 */
const cache = new LruCache<string, CachedFeature>(Number(process.env.STEPWISE_PARSE_CACHE_UNITS ?? 600_000_000));

export function cachedFeature(oid: string): CachedFeature | undefined {
  return cache.get(oid);
}

/**
 * The cached entry of blob `oid` with `content`, parsing it now unless already cached. `listing`
 * names the tree form being built: the entry then keeps that JSON fragment instead of the objects.
 */
export function parseBlob(oid: string, content: string, listing?: ListForm): CachedFeature {
  const hit = cache.get(oid);
  if (hit) return hit;
  const entry = new CachedFeature(content, parseFeature(content), listing);
  cache.set(oid, entry, costOf(content));
  return entry;
}

/** Empties the cache (benchmarks and tests). */
export function clearParseCache(): void {
  cache.clear();
}
