export { RECORDED_STEPS_FILE, RECORDER_DIR, RECORDER_JOB_FILE, recorderCodePaths } from './paths.ts';
export type { RecorderJobMessage, RecorderJobOptions, RecorderJobRequest } from './protocol.ts';
export { Recording, type RecordingOptions } from './recording.ts';
export { actionCode, literalExpression, recordedDefinition } from './step-code.ts';
export { describeLocator, phrase, relativeUrl } from './phrasing.ts';
export { locatorParts } from './locator-parts.ts';
