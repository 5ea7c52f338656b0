/**
 * An attachment made after its step has ended (the picture of a step finished while the next step, a
 * check, runs) carries this file name: cucumber gives every attachment to the step running when it is
 * made, and the run process (execute.ts, LateAttachments) gives it back to the step it names.
 */
const PREFIX = 'stepwise-step-of-pickle-step:';

export function lateAttachmentName(pickleStepId: string): string {
  return PREFIX + pickleStepId;
}

/** The pickle step a late attachment belongs to, or null for any other file name. */
export function lateAttachmentStep(fileName: string | undefined): string | null {
  return fileName?.startsWith(PREFIX) ? fileName.slice(PREFIX.length) : null;
}
