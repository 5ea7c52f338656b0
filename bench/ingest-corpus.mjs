// The report of bench:ingest: a deterministic Cucumber messages (NDJSON) stream of a run of 200
// features and 10,000 test cases, shaped like cucumber-js's output (meta, source, gherkinDocument,
// pickles, step definitions, hooks, testCase, started/finished messages with timestamps). Scenarios have
// 5-8 steps (a background step, then 4-7 of their own) and a Before and an After hook; every 12th
// scenario fails with an error message and a stack, and its After hook attaches a small PNG screenshot
// (base64) as cucumber-jvm's and cucumber-js's screenshot hooks do. A few are skipped or undefined.
import fs from 'node:fs';
import zlib from 'node:zlib';

/** A real 32x32 PNG (an RGB gradient, ~200 bytes), base64: the failure screenshot. */
const PNG = (() => {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const size = 32;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set([x * 8, y * 8, 128], y * (size * 3 + 1) + 1 + x * 3);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return png.toString('base64');
})();

/** A small deterministic PRNG (mulberry32). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['cart', 'checkout', 'profile', 'search', 'orders', 'payment', 'invoice', 'wishlist', 'login', 'catalog', 'review', 'shipping'];
const ACTIONS = [
  ['Given', 'Context', (r) => `I am logged in as "user${Math.floor(r() * 500)}@example.com"`, 'steps/auth.mjs:12'],
  ['When', 'Action', (r) => `I open the "/${WORDS[Math.floor(r() * WORDS.length)]}/${Math.floor(r() * 9000)}" page`, 'steps/navigation.mjs:8'],
  ['When', 'Action', (r) => `I click "${['Buy', 'Save', 'Next', 'Apply', 'Confirm'][Math.floor(r() * 5)]}"`, 'steps/actions.mjs:21'],
  ['When', 'Action', (r) => `I fill "${['email', 'name', 'street', 'coupon'][Math.floor(r() * 4)]}" with "value ${Math.floor(r() * 1e6)}"`, 'steps/forms.mjs:5'],
  ['Then', 'Outcome', (r) => `I should see "${['Thank you', 'Saved', 'Order placed', 'Results'][Math.floor(r() * 4)]}"`, 'steps/assertions.mjs:30'],
  ['Then', 'Outcome', (r) => `the URL should contain "${WORDS[Math.floor(r() * WORDS.length)]}"`, 'steps/assertions.mjs:44'],
  ['And', 'Conjunction', (r) => `the "${['header', 'footer', 'cart badge'][Math.floor(r() * 3)]}" shows ${Math.floor(r() * 20)}`, 'steps/assertions.mjs:58'],
];

const ts = (ms) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });
const dur = (ms) => ({ seconds: Math.floor(ms / 1000), nanos: Math.round((ms % 1000) * 1e6) });

/**
 * Writes the report to `file`; returns its counts. 200 features x 50 scenarios by default.
 */
export function writeIngestReport(file, { features = 200, scenariosPerFeature = 50 } = {}) {
  const r = prng(20240501);
  const fd = fs.openSync(file, 'w');
  const lines = [];
  let bytes = 0;
  const emit = (envelope) => {
    lines.push(JSON.stringify(envelope));
    if (lines.length >= 2000) flush();
  };
  const flush = () => {
    const text = `${lines.join('\n')}\n`;
    bytes += Buffer.byteLength(text);
    fs.writeSync(fd, text);
    lines.length = 0;
  };
  let id = 0;
  const next = () => String(++id);
  let clock = Date.UTC(2024, 4, 1, 2, 0, 0);
  const counts = { testCases: 0, failed: 0, steps: 0, attachments: 0 };

  emit({ meta: { protocolVersion: '27.0.0', implementation: { name: 'cucumber-js', version: '11.2.0' }, runtime: { name: 'node.js', version: '22.11.0' }, os: { name: 'linux', version: '6.8.0' }, cpu: { name: 'x64' } } });
  const defs = ACTIONS.map(([, , , where]) => {
    const [uri, line] = where.split(':');
    const def = { id: next(), pattern: { source: where, type: 'CUCUMBER_EXPRESSION' }, sourceReference: { uri, location: { line: Number(line) } } };
    emit({ stepDefinition: def });
    return def.id;
  });
  const before = next();
  const after = next();
  emit({ hook: { id: before, type: 'BEFORE_TEST_CASE', sourceReference: { uri: 'support/hooks.mjs', location: { line: 10 } } } });
  emit({ hook: { id: after, type: 'AFTER_TEST_CASE', name: 'screenshot on failure', sourceReference: { uri: 'support/hooks.mjs', location: { line: 24 } } } });
  emit({ testRunStarted: { timestamp: ts(clock) } });

  for (let f = 0; f < features; f++) {
    const area = WORDS[f % WORDS.length];
    const uri = `features/${area}/${area}-${String(f).padStart(3, '0')}.feature`;
    const featureTags = [`@${area}`, ...(f % 3 === 0 ? ['@smoke'] : [])];
    const text = [`${featureTags.join(' ')}`, `Feature: ${area} ${f}`, '', '  Background:', '    Given I am logged in as "bench@example.com"'];
    let line = 6;
    const bgStep = { id: next(), location: { line: 5, column: 5 }, keyword: 'Given ', keywordType: 'Context', text: 'I am logged in as "bench@example.com"' };
    const children = [{ background: { id: next(), location: { line: 4, column: 3 }, keyword: 'Background', name: '', description: '', steps: [bgStep] } }];
    const scenarios = [];
    for (let s = 0; s < scenariosPerFeature; s++) {
      const n = 4 + Math.floor(r() * 4); // 4-7 own steps: 5-8 with the background's
      const tags = r() < 0.3 ? [{ location: { line: line + 1, column: 3 }, name: '@regression', id: next() }] : [];
      line += 2;
      const scenarioLine = line;
      text.push('', ...(tags.length ? ['  @regression'] : []), `  Scenario: ${area} case ${s}`);
      const steps = [];
      for (let k = 0; k < n; k++) {
        const [keyword, keywordType, make, where] = ACTIONS[k === 0 ? 1 : 1 + Math.floor(r() * (ACTIONS.length - 1))];
        line += 1;
        const stepText = make(r);
        text.push(`    ${keyword} ${stepText}`);
        steps.push({ id: next(), location: { line, column: 5 }, keyword: `${keyword} `, keywordType, text: stepText, def: defs[ACTIONS.findIndex((a) => a[3] === where)] });
      }
      const scenario = { id: next(), location: { line: scenarioLine, column: 3 }, tags, keyword: 'Scenario', name: `${area} case ${s}`, description: '', steps, examples: [] };
      scenarios.push(scenario);
      children.push({ scenario: { ...scenario, steps: steps.map(({ def: _def, ...st }) => st) } });
    }
    const source = `${text.join('\n')}\n`;
    emit({ source: { uri, data: source, mediaType: 'text/x.cucumber.gherkin+plain' } });
    emit({
      gherkinDocument: {
        uri,
        feature: { location: { line: 2, column: 1 }, tags: featureTags.map((name) => ({ location: { line: 1, column: 1 }, name, id: next() })), language: 'en', keyword: 'Feature', name: `${area} ${f}`, description: '', children },
        comments: [],
      },
    });
    const pickles = scenarios.map((sc) => {
      const pickle = {
        id: next(),
        uri,
        location: sc.location,
        name: sc.name,
        language: 'en',
        steps: [bgStep, ...sc.steps].map((st) => ({ id: next(), text: st.text, type: st.keywordType === 'Conjunction' ? 'Outcome' : st.keywordType, astNodeIds: [st.id] })),
        tags: [...featureTags.map((name) => ({ name, astNodeId: '0' })), ...sc.tags.map((t) => ({ name: t.name, astNodeId: t.id }))],
        astNodeIds: [sc.id],
      };
      emit({ pickle });
      return { pickle, sc };
    });
    for (const { pickle, sc } of pickles) {
      const allSteps = [bgStep, ...sc.steps];
      const testSteps = [
        { id: next(), hookId: before },
        ...pickle.steps.map((ps, k) => ({
          id: next(),
          pickleStepId: ps.id,
          stepDefinitionIds: [allSteps[k].def ?? defs[0]],
          stepMatchArgumentsLists: [{ stepMatchArguments: [{ group: { start: ps.text.indexOf('"') + 1, value: ps.text.split('"')[1] ?? '', children: [] }, parameterTypeName: 'string' }] }],
        })),
        { id: next(), hookId: after },
      ];
      // Keys in the order cucumber-js 13 writes them (as in every message below).
      const testCase = { pickleId: pickle.id, id: next(), testSteps };
      emit({ testCase });
      const started = next();
      counts.testCases++;
      const roll = r();
      const failAt = roll < 1 / 12 ? 1 + Math.floor(r() * (testSteps.length - 2)) : -1;
      const undefinedAt = failAt === -1 && roll < 0.09 ? testSteps.length - 2 : -1;
      emit({ testCaseStarted: { attempt: 0, testCaseId: testCase.id, id: started, timestamp: ts(clock), workerId: String(counts.testCases % 2) } });
      let broken = false;
      for (let k = 0; k < testSteps.length; k++) {
        const step = testSteps[k];
        const ms = broken && k < testSteps.length - 1 ? 0 : 5 + Math.floor(r() * 400);
        emit({ testStepStarted: { testCaseStartedId: started, testStepId: step.id, timestamp: ts(clock) } });
        clock += ms;
        let result;
        if (broken && k < testSteps.length - 1) result = { duration: dur(0), status: 'SKIPPED' };
        else if (k === failAt) {
          broken = true;
          const message = `Error: expected "${pickle.steps[k - 1].text}" to pass: element not found within 5000 ms`;
          const stackTrace = `${message}\n    at World.<anonymous> (steps/assertions.mjs:${30 + k}:11)\n    at async Promise.all (index 0)\n    at async wrapPromiseWithTimeout (node_modules/@cucumber/cucumber/lib/time.js:52:12)`;
          result = { duration: dur(ms), status: 'FAILED', message: stackTrace, exception: { type: 'Error', message, stackTrace } };
        } else if (k === undefinedAt) {
          broken = true;
          result = { duration: dur(0), status: 'UNDEFINED' };
        } else result = { duration: dur(ms), status: 'PASSED' };
        if (k === testSteps.length - 1 && failAt !== -1) {
          emit({ attachment: { testCaseStartedId: started, testStepId: step.id, body: PNG, contentEncoding: 'BASE64', mediaType: 'image/png', fileName: 'failure.png', timestamp: ts(clock) } });
          counts.attachments++;
        }
        emit({ testStepFinished: { testCaseStartedId: started, testStepId: step.id, testStepResult: result, timestamp: ts(clock) } });
        counts.steps++;
      }
      if (failAt !== -1 || undefinedAt !== -1) counts.failed++;
      emit({ testCaseFinished: { testCaseStartedId: started, timestamp: ts(clock), willBeRetried: false } });
    }
  }
  emit({ testRunFinished: { timestamp: ts(clock), success: false } });
  flush();
  fs.closeSync(fd);
  return { ...counts, bytes };
}
