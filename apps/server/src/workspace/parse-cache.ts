import { LruCache } from './lru-cache.ts';
import { parseFeature, type ParsedFeature } from './gherkin-parse.ts';
import { nodeFragment, summarise, type FeatureSummary, type ListForm } from './feature-summary.ts';

/**
 * One parsed .feature blob, with the JSON of its tree node in each form made when first asked for:
 * a listing of a new commit reuses the fragments of every blob that did not change.
 */
export class CachedFeature {
  readonly content: string;
  readonly parsed: ParsedFeature;
  readonly summary: FeatureSummary;
  private readonly json: Partial<Record<ListForm, string>> = {};
  constructor(content: string, parsed: ParsedFeature) {
    this.content = content;
    this.parsed = parsed;
    this.summary = summarise(parsed);
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

/** The cached entry of blob `oid` with `content`, parsing it now unless already cached. */
export function parseBlob(oid: string, content: string): CachedFeature {
  const hit = cache.get(oid);
  if (hit) return hit;
  const entry = new CachedFeature(content, parseFeature(content));
  cache.set(oid, entry, costOf(content));
  return entry;
}

/** Empties the cache (benchmarks and tests). */
export function clearParseCache(): void {
  cache.clear();
}
