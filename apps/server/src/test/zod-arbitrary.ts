import fc from 'fast-check';
import type { z } from 'zod';
import { deepBody, junkEntries, junkString, junkValue, oddCharacter, ownObject, SPECIAL_NUMBERS, SPECIAL_STRINGS } from './junk-values.ts';

/**
 * Request bodies for fuzzing, made from a route's zod schema: values that fit the schema (so that the
 * request gets past validation into the services), each field at times replaced by junk, left out, or
 * joined by keys the schema does not know. Fields named in `known` take real values (the project, a
 * branch that exists) most of the time, so that valid bodies reach real rows.
 */
export interface BodyOptions {
  /** A real value for a field of this name, or undefined. */
  known?: (key: string) => fc.Arbitrary<unknown> | undefined;
  /** One field in `mutation` is replaced by junk (default 12). */
  mutation?: number;
}

type Def = { type: string; [k: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType) => (defOf(schema).checks ?? []).map((c: any) => c._zod.def as Record<string, any>);

/** Lengths to draw strings and arrays from: within the schema's bounds, mostly short. */
function lengthRange(schema: z.ZodType, fallbackMax: number): { min: number; max: number } {
  let min = 0;
  let max = fallbackMax;
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum);
    if (c.check === 'max_length') max = Math.min(max, c.maximum);
    if (c.check === 'length_equals') min = max = c.length;
  }
  return { min, max: Math.max(min, Math.min(max, min + fallbackMax)) };
}

/**
 * Text the schema takes: ordinary text mostly, and now and then text that fits its checks but is
 * hard to store or to use (unpaired surrogates, NUL, paths, injections): what junk cannot reach.
 */
function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const pattern = checksOf(schema).find((c: Record<string, any>) => c.check === 'string_format' && c.pattern)?.pattern as RegExp | undefined;
  const { min, max } = lengthRange(schema, 24);
  const edgy = SPECIAL_STRINGS.filter((t) => t.length >= min && t.length <= max && (!pattern || pattern.test(t)));
  const edges = edgy.length ? [{ weight: 2, arbitrary: fc.constantFrom(...edgy) }] : [];
  if (pattern) return fc.oneof({ weight: 8, arbitrary: fc.stringMatching(pattern) }, ...edges);
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ unit: oddCharacter, minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, 12), min, 1) }) },
    ...edges,
  );
}

/** Numbers the schema takes: any in its range, and its range's edges (2^32, 1e308 where it has no bound). */
function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  const s = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const min = s.minValue ?? -Number.MAX_VALUE;
  const max = s.maxValue ?? Number.MAX_VALUE;
  const edgy = [...SPECIAL_NUMBERS, min, max].filter((n) => n >= min && n <= max && Number.isFinite(n) && (!s.isInt || Number.isSafeInteger(n)));
  const edges = edgy.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edgy) }] : [];
  const low = Math.ceil(Math.max(min, -(2 ** 31)));
  const high = Math.floor(Math.min(max, 2 ** 31 - 1));
  const inRange = s.isInt
    ? fc.integer({ min: Math.min(low, high), max: high })
    : fc.double({ min: Math.max(min, -1e6), max: Math.max(Math.min(max, 1e6), min), noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 2, arbitrary: inRange }, ...edges);
}

/** A junk value in place of the field's, once in `odds`. */
function maybeJunk(valid: fc.Arbitrary<unknown>, odds: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: odds - 1, arbitrary: valid }, { weight: 1, arbitrary: junkValue });
}

function objectArbitrary(def: Def, opts: Required<BodyOptions>, depth: number): fc.Arbitrary<unknown> {
  const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => {
    const optional = ['optional', 'default'].includes(defOf(field).type);
    const value = maybeJunk(valueArbitrary(field, key, opts, depth + 1), opts.mutation);
    // A required field is left out now and then; an optional one half of the time.
    const leftOut = optional ? 0.5 : 1 / (opts.mutation * 2);
    return fc.oneof(
      { weight: Math.round((1 - leftOut) * 100), arbitrary: value.map((v): [string, unknown] | null => [key, v]) },
      { weight: Math.round(leftOut * 100), arbitrary: fc.constant(null) },
    );
  });
  const extra = def.catchall && defOf(def.catchall).type !== 'never'
    ? fc.array(fc.tuple(fc.string({ maxLength: 10 }), valueArbitrary(def.catchall, '', opts, depth + 1)), { maxLength: 3 })
    : fc.constant([] as Array<[string, unknown]>);
  const unknownKeys = fc.oneof({ weight: opts.mutation, arbitrary: fc.constant([] as Array<[string, unknown]>) }, { weight: 1, arbitrary: junkEntries });
  return fc.tuple(fc.tuple(...fields), extra, unknownKeys).map(([entries, more, junk]) =>
    ownObject([...(entries.filter(Boolean) as Array<[string, unknown]>), ...more, ...junk]),
  );
}

/** Values that fit the schema (before the per-field junk), named `key` in their object. */
export function valueArbitrary(schema: z.ZodType, key: string, opts: Required<BodyOptions>, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const known = key ? opts.known(key) : undefined;
  const own = (): fc.Arbitrary<unknown> => {
    if (depth > 8) return fc.constant(null);
    switch (def.type) {
      case 'string':
        return stringArbitrary(schema);
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'optional':
        return fc.option(valueArbitrary(def.innerType, key, opts, depth), { nil: undefined, freq: 3 });
      case 'default':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return valueArbitrary(def.innerType, key, opts, depth);
      case 'nullable':
        return fc.option(valueArbitrary(def.innerType, key, opts, depth), { nil: null, freq: 5 });
      case 'union':
        return fc.oneof(...(def.options as z.ZodType[]).map((o) => valueArbitrary(o, key, opts, depth)));
      // A preprocess is a pipe out of a transform: the values are the schema's after it.
      case 'pipe':
        return valueArbitrary(defOf(def.in).type === 'transform' ? def.out : def.in, key, opts, depth);
      case 'lazy':
        return valueArbitrary(def.getter(), key, opts, depth + 1);
      case 'array': {
        const { min, max } = lengthRange(schema, 4);
        return fc.array(maybeJunk(valueArbitrary(def.element, '', opts, depth + 1), opts.mutation * 2), { minLength: min, maxLength: max });
      }
      case 'record':
        return fc.array(fc.tuple(fc.string({ maxLength: 10 }), valueArbitrary(def.valueType, '', opts, depth + 1)), { maxLength: 4 }).map(ownObject);
      case 'object':
        return objectArbitrary(def, opts, depth);
      default:
        return junkValue;
    }
  };
  return known ? fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: own() }) : own();
}

/**
 * Bodies for a route from its body schema: mostly fitting it with a few fields gone wrong; now and
 * then wholly junk (a string, an array, null), or nested past what JSON.stringify writes (RawJson).
 */
export function bodyArbitrary(schema: z.ZodType, options: BodyOptions = {}): fc.Arbitrary<unknown> {
  const opts: Required<BodyOptions> = { known: options.known ?? (() => undefined), mutation: options.mutation ?? 12 };
  return fc.oneof(
    { weight: 24, arbitrary: valueArbitrary(schema, '', opts) },
    { weight: 1, arbitrary: junkValue },
    { weight: 1, arbitrary: junkString },
    { weight: 1, arbitrary: deepBody },
  );
}
