import type { Envelope, TestStep } from '@cucumber/messages';
import { lateAttachmentStep } from './support/late-attachment.ts';

/**
 * Gives an attachment made after its step ended (a picture finished while the next step ran: the support
 * code names its pickle step in the file name, support/late-attachment.ts) back to that step, before
 * anything reads the message. Knows each test case's steps from the run's messages.
 */
export class LateAttachments {
  private readonly stepsOfCase = new Map<string, readonly TestStep[]>();
  private readonly caseOfStarted = new Map<string, string>();

  /** Call with every envelope, in order; may change an attachment in place. */
  see(e: Envelope): void {
    if (e.testCase) {
      this.stepsOfCase.set(e.testCase.id, e.testCase.testSteps);
    } else if (e.testCaseStarted) {
      this.caseOfStarted.set(e.testCaseStarted.id, e.testCaseStarted.testCaseId);
    } else if (e.testCaseFinished) {
      this.caseOfStarted.delete(e.testCaseFinished.testCaseStartedId);
    } else if (e.attachment) {
      const pickleStepId = lateAttachmentStep(e.attachment.fileName);
      if (pickleStepId === null) return;
      const caseId = e.attachment.testCaseStartedId ? this.caseOfStarted.get(e.attachment.testCaseStartedId) : undefined;
      const step = caseId ? this.stepsOfCase.get(caseId)?.find((s) => s.pickleStepId === pickleStepId) : undefined;
      if (step) e.attachment.testStepId = step.id;
      delete e.attachment.fileName;
    }
  }
}
