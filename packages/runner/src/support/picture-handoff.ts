// Whether a step's picture may be finished while the next step runs. A picture waits one or two of
// Chromium's frames (bench:runner, PERFORMANCE.md); when the next step only reads the page (a check of
// the step library, which names such steps: Symbol.for('stepwise.readOnlySteps')), nothing it does can
// change what the picture shows, so the run goes on while the frame comes. Never when something of the
// workspace's own could act on the page in between: a BeforeStep hook or a step wrapper of its own.
import { supportCodeLibraryBuilder, type ITestStepHookParameter } from '@cucumber/cucumber';
import { CucumberExpression, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';

const READS_ONLY = Symbol.for('stepwise.readOnlySteps');
const OWN_CODE = Symbol.for('stepwise.ownStepHooks');

type Registry = typeof globalThis & { [READS_ONLY]?: Set<string>; [OWN_CODE]?: Set<unknown> };
const registry = globalThis as Registry;

/** Marks a BeforeStep hook or step wrapper of the runner's own support code (it never acts on the page). */
export function ownStepCode<T>(code: T): T {
  (registry[OWN_CODE] ??= new Set()).add(code);
  return code;
}

let readOnly: { size: number; expressions: CucumberExpression[] } | null = null;

function readsOnly(text: string): boolean {
  const listed = registry[READS_ONLY];
  if (!listed?.size) return false;
  if (readOnly?.size !== listed.size) {
    const types = new ParameterTypeRegistry();
    readOnly = { size: listed.size, expressions: [...listed].map((e) => new CucumberExpression(e, types)) };
  }
  return readOnly.expressions.some((e) => e.match(text) !== null);
}

let quiet: boolean | null = null;

/**
 * True when nothing of the workspace runs between a step's end and the next step's code: no BeforeStep
 * hook and no step wrapper but the runner's own. Read from cucumber's support code builder once the
 * code is loaded; where it cannot be read (another cucumber), false.
 */
function quietBetweenSteps(): boolean {
  if (quiet !== null) return quiet;
  const builder = supportCodeLibraryBuilder as unknown as { beforeTestStepHookDefinitionConfigs?: Array<{ code: unknown }>; definitionFunctionWrapper?: unknown };
  const hooks = builder.beforeTestStepHookDefinitionConfigs;
  const own = registry[OWN_CODE] ?? new Set();
  const wrapper = builder.definitionFunctionWrapper;
  quiet = Array.isArray(hooks) && hooks.every((h) => own.has(h.code)) && (wrapper === undefined || wrapper === null || own.has(wrapper));
  return quiet;
}

/** The step passed and the next one in its scenario is a check that only reads the page (and nothing else runs between). */
export function nextStepOnlyReads(arg: ITestStepHookParameter): boolean {
  if (arg.result?.status !== 'PASSED') return false;
  const steps = arg.pickle.steps;
  const at = steps.findIndex((s) => s.id === arg.pickleStep.id);
  const next = at >= 0 ? steps[at + 1] : undefined;
  return !!next && readsOnly(next.text) && quietBetweenSteps();
}
