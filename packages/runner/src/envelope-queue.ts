import type { Envelope } from '@cucumber/messages';
import { ATTACHMENT_TYPES } from '@stepwise/shared/report-constants';
import { redeflatePng } from './png-deflate.ts';

interface PendingShot {
  envelope: Envelope;
  ready: boolean;
}

/**
 * The run's envelopes on their way out (the messages file, the parent). A screenshot attachment is
 * deflated again first (png-deflate.ts), in the thread pool, while the run goes on; every other
 * envelope goes out at once, so a run process that dies (a step that kills it, memory) has told its
 * parent everything up to the step it died in, less at most the pictures still being compressed.
 * Screenshots go out in their own order, possibly after their step's testStepFinished (readers file
 * an attachment by its testCaseStartedId and testStepId); testRunFinished waits for them, so it stays
 * last. `flush` sends what waits at once, pictures as they are (a run that is stopped).
 */
export class EnvelopeQueue {
  private readonly shots: PendingShot[] = [];
  private runFinished: Envelope | null = null;
  private readonly emit: (envelope: Envelope) => void;
  private idle: (() => void)[] = [];

  constructor(emit: (envelope: Envelope) => void) {
    this.emit = emit;
  }

  push(envelope: Envelope): void {
    const a = envelope.attachment;
    if (a && a.mediaType === ATTACHMENT_TYPES.screenshot && a.contentEncoding === 'BASE64' && a.body) {
      // A copy: the run drops the bodies of cucumber's own objects once a test case is over (execute.ts).
      const item: PendingShot = { envelope: { ...envelope, attachment: { ...a } }, ready: false };
      const original = a.body;
      this.shots.push(item);
      void redeflatePng(Buffer.from(original, 'base64'))
        .then((png) => {
          const body = png.toString('base64');
          if (body.length < original.length) item.envelope = { ...item.envelope, attachment: { ...item.envelope.attachment!, body } };
        }, () => {})
        .finally(() => {
          item.ready = true;
          this.drain();
        });
    } else if (envelope.testRunFinished) {
      this.runFinished = envelope;
      this.drain();
    } else {
      this.emit(envelope);
    }
  }

  /** Sends everything still waiting, now. */
  flush(): void {
    for (const item of this.shots.splice(0)) this.emit(item.envelope);
    this.drain();
  }

  /** Resolves once nothing waits. */
  drained(): Promise<void> {
    if (!this.shots.length && !this.runFinished) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private drain(): void {
    while (this.shots.length && this.shots[0].ready) this.emit(this.shots.shift()!.envelope);
    if (this.shots.length) return;
    if (this.runFinished) {
      const last = this.runFinished;
      this.runFinished = null;
      this.emit(last);
    }
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}
