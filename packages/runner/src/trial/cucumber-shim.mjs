// What `@cucumber/cucumber` is to step files loaded by a trial session (trial-job.ts): the
// registration functions collect step definitions instead of building a cucumber run. Hooks,
// parameter types and world settings are accepted and ignored: a trial runs single steps.
export const definitions = [];

function define(keyword) {
  return (pattern, options, fn) => {
    const code = typeof options === 'function' ? options : fn;
    const opts = typeof options === 'object' && options ? options : {};
    definitions.push({ keyword, pattern, code, timeout: typeof opts.timeout === 'number' ? opts.timeout : null });
  };
}

export const Given = define('Given');
export const When = define('When');
export const Then = define('Then');
export const defineStep = define('Step');
const ignore = () => {};
export const Before = ignore;
export const After = ignore;
export const BeforeAll = ignore;
export const AfterAll = ignore;
export const BeforeStep = ignore;
export const AfterStep = ignore;
export const setDefaultTimeout = ignore;
export const setWorldConstructor = ignore;
export const setDefinitionFunctionWrapper = ignore;
export const defineParameterType = ignore;
export const setParallelCanAssign = ignore;
export class World {
  constructor(options = {}) {
    this.attach = options.attach ?? ignore;
    this.log = options.log ?? ignore;
    this.parameters = options.parameters ?? {};
  }
}
export const Status = { PASSED: 'PASSED', FAILED: 'FAILED', SKIPPED: 'SKIPPED', PENDING: 'PENDING', UNDEFINED: 'UNDEFINED', AMBIGUOUS: 'AMBIGUOUS', UNKNOWN: 'UNKNOWN' };
export default { Given, When, Then, defineStep, Before, After, BeforeAll, AfterAll, BeforeStep, AfterStep, setDefaultTimeout, setWorldConstructor, World, Status };
