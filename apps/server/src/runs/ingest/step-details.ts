import type * as messages from '@cucumber/messages';
import { compileShape, JsonScan } from './json-scan.ts';

/**
 * The details of a test case's steps and of a pickle's steps, scanned again from the report for the
 * few test cases a row or the application map names (a failed step's keyword, text and step
 * definitions), and a test case's step ids as texts when one of them has escapes. Each answers null
 * when the message is not of the usual shape: the caller parses it then.
 */

/** What a step of a test case says of itself. */
export type TestStepInfo = Pick<messages.TestStep, 'pickleStepId' | 'hookId' | 'stepDefinitionIds'>;
/** A pickle's steps: id, text, AST node id, type. */
export type PickleSteps = Array<[string, string, string | undefined, string | undefined]>;

const S = { id: 0, pickleStep: 1, hook: 2, definition: 3, definitionItem: 4, stepItem: 5 };
const TEST_STEPS = compileShape({
  testCase: {
    testSteps: { items: { id: S.id, pickleStepId: S.pickleStep, hookId: S.hook, stepDefinitionIds: { items: S.definition, item: S.definitionItem } }, item: S.stepItem },
  },
});
const PS = { id: 0, text: 1, type: 2, ast: 3, astItem: 4, stepItem: 5 };
const PICKLE_STEPS = compileShape({ pickle: { steps: { items: { id: PS.id, text: PS.text, type: PS.type, astNodeIds: { items: PS.ast, item: PS.astItem } }, item: PS.stepItem } } });

export class StepDetails {
  private readonly scan = new JsonScan(6);

  /** The step ids of the test case at [start, stop), as texts. */
  testStepIds(bytes: Buffer, start: number, stop: number): string[] | null {
    const { scan } = this;
    const ids: string[] = [];
    scan.onItem = (item) => {
      if (item !== S.stepItem) return;
      const id = scan.string(S.id);
      if (id !== undefined) ids.push(id);
      scan.clear(S.id, S.pickleStep, S.hook, S.definition);
    };
    return scan.scan(bytes, start, stop, TEST_STEPS) ? ids : null;
  }

  /** The steps of the test case at `place` (offset, length). */
  testSteps(bytes: Buffer, place: readonly number[]): TestStepInfo[] | null {
    const { scan } = this;
    const steps: TestStepInfo[] = [];
    let definitions: string[] = [];
    let odd = false;
    scan.onItem = (item) => {
      if (item === S.definitionItem) {
        const id = scan.string(S.definition);
        if (id === undefined) odd = true;
        definitions.push(id!);
        scan.clear(S.definition);
        return;
      }
      const pickleStepId = scan.has(S.pickleStep) ? scan.string(S.pickleStep) : undefined;
      const hookId = scan.has(S.hook) ? scan.string(S.hook) : undefined;
      if ((scan.has(S.pickleStep) && pickleStepId === undefined) || (scan.has(S.hook) && hookId === undefined)) odd = true;
      steps.push({ pickleStepId, hookId, stepDefinitionIds: definitions });
      definitions = [];
      scan.clear(S.id, S.pickleStep, S.hook);
    };
    return scan.scan(bytes, place[0], place[0] + place[1], TEST_STEPS) && !odd ? steps : null;
  }

  /** The steps of the pickle at `place` (offset, length). */
  pickleSteps(bytes: Buffer, place: readonly number[]): PickleSteps | null {
    const { scan } = this;
    const steps: PickleSteps = [];
    let ast: string | undefined;
    let odd = false;
    scan.onItem = (item) => {
      if (item === PS.astItem) {
        const id = scan.string(PS.ast);
        if (id === undefined) odd = true;
        ast ??= id;
        scan.clear(PS.ast);
        return;
      }
      const id = scan.string(PS.id);
      const text = scan.string(PS.text);
      const type = scan.has(PS.type) ? scan.string(PS.type) : undefined;
      if (id === undefined || text === undefined || (scan.has(PS.type) && type === undefined)) odd = true;
      steps.push([id!, text!, ast, type]);
      ast = undefined;
      scan.clear(PS.id, PS.text, PS.type);
    };
    return scan.scan(bytes, place[0], place[0] + place[1], PICKLE_STEPS) && !odd ? steps : null;
  }
}
