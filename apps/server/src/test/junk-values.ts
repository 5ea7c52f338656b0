import fc from 'fast-check';

/**
 * Values a client should never send, for fuzzing request bodies: wrong JSON types, numbers past every
 * column's range, text that looks like numbers, paths, injections or broken Unicode, very long text,
 * nested junk, and objects keyed by prototype names.
 */

export const SPECIAL_NUMBERS = [
  0, -0, -1, 1.5, -2.5, 0.1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 4294967296, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e20, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER,
];

export const SPECIAL_STRINGS = [
  '', ' ', '\t\n', 'NaN', 'Infinity', '-Infinity', '1e308', '-0', '0x1F', '00012', '4294967296', 'null', 'undefined', 'true', '[]', '{}',
  '\ud800', 'a\udc00b', '\udbff', '\udfff\ud800', '\u0000', 'a\u0000b', '\u202e\u0301', '\ufeff', '\u2028', '😀', 'é', 'ÿ', '\u001f',
  '../../../etc/passwd', '..', '.', '/', '//', 'a/../../b', 'features/../../x', 'con', 'x.feature', 'steps/a.mjs', '.git', '.git/config', '%00', '%2e%2e%2f',
  '<script>alert(1)</script>', "' OR 1=1 --", '"; drop table users; --', '${process.env.SECRET_KEY}', '{{7*7}}', '\\', '"', '\'',
  '__proto__', 'constructor', 'prototype', 'main', 'HEAD', 'refs/heads/main', '-rf', '--upload-pack=touch /tmp/x', '@{-1}', 'a..b', 'a.lock', '~1', 'a b',
  'a'.repeat(65), 'a'.repeat(301), 'a'.repeat(2049), 'https://127.0.0.1:9/x.git', 'file:///etc/passwd', 'javascript:alert(1)', 'user@example.org',
];

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isAdmin', '', 'a.b', '$where', 'x\ud800', 'x\u0000'];

/** An object with these entries as own, enumerable properties (a "__proto__" key included, as JSON.parse makes it). */
export function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** A character of text that is hard to store or to use: an unpaired surrogate, NUL, a control, a path character. */
export const oddCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a', 'Z', '0', ' ', '/', '.', '-', '_', '@', '%', '\\', '"', "'", '*', ':'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u202e', '\ufeff', '\ufffe', '\n', '\r', '\t'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 }));

/** Text that looks wrong: the list above, random text (any code point), or a long run of one character. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('x', 'é', '\ud800', '\u0000', ' ', '/')).map(([n, c]) => c.repeat(n)) },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false),
  fc.constantFrom(...SPECIAL_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  junkString,
);

/** Nested arrays and objects of junk, a few levels deep. */
const nested: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map(ownObject),
  ),
})).node;

/** Arrays nested hundreds deep (JSON.stringify itself recurses: deeper ones are RawJson below). */
const deep = fc.integer({ min: 100, max: 1_000 }).map((n) => {
  let v: unknown = ['bottom'];
  for (let i = 0; i < n; i++) v = [v];
  return v;
});

/** JSON text sent as it is: for bodies JSON.stringify cannot write. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A body whose field holds arrays nested up to 100,000 deep (a parser or a walker that recurses could overflow its stack). */
export const deepBody: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom('projectId', 'project_id', 'data', 'execution', 'dashboardPersonalizationInfo', 'logs', 'testData', 'file'), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([key, n]) => new RawJson(`{"${key}":${'['.repeat(n)}${']'.repeat(n)}}`));

/** Any junk value. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: leaf },
  { weight: 3, arbitrary: nested },
  { weight: 1, arbitrary: deep },
);

/** Entries to add to an object: prototype names and other keys no schema knows. */
export const junkEntries: fc.Arbitrary<Array<[string, unknown]>> = fc.array(fc.tuple(key, junkValue), { minLength: 1, maxLength: 3 });
