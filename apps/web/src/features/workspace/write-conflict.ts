import type { StaleWriteResponse } from '@stepwise/shared';
import { ApiError } from '../../api/client';
import type { DtoOf } from '../../api/contract';
import { createExternalStore } from '../../lib/external-store';

/** The 409 of a write whose base version is stale: the current version and, where cheap, the current value. */
export type StaleWrite = DtoOf<typeof StaleWriteResponse>;
export type ConflictChoice = 'reload' | 'overwrite' | 'cancel';

interface ConflictQuestion {
  message: string;
  answer: (choice: ConflictChoice) => void;
}

/** The open conflict question; shown by <WriteConflictHost/> in the shell. */
export const conflictStore = createExternalStore<ConflictQuestion | null>(() => null);

function ask(message: string): Promise<ConflictChoice> {
  return new Promise((resolve) => {
    conflictStore.set({
      message,
      answer: (choice) => {
        conflictStore.set(null);
        resolve(choice);
      },
    });
  });
}

/** The stale-write body of a failed call, or null (a 409 without a version is another conflict). */
export function staleWriteOf(err: unknown): StaleWrite | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as Partial<StaleWrite> | null;
  return body && typeof body.commit === 'string' && 'version' in body ? (body as StaleWrite) : null;
}

/** A save the person did not overwrite: after Reload theirs is loaded, after Cancel the draft is kept. */
export class WriteConflictError extends Error {
  readonly stale: StaleWrite;
  readonly choice: 'reload' | 'cancel';
  constructor(stale: StaleWrite, choice: 'reload' | 'cancel') {
    super(stale.error);
    this.stale = stale;
    this.choice = choice;
  }
}

/** The person chose Reload: their version is being shown, mine was dropped. */
export function isReloaded(err: unknown): err is WriteConflictError {
  return err instanceof WriteConflictError && err.choice === 'reload';
}

/**
 * Runs `save` (first with `overwriting` null: the version the editor loaded). When someone else saved
 * first, asks: Overwrite saves again over the version the 409 named, Reload calls `reload` and throws
 * WriteConflictError('reload'), Cancel throws WriteConflictError('cancel').
 */
export async function saveWithConflicts<T>(save: (overwriting: StaleWrite | null) => Promise<T>, reload: (stale: StaleWrite) => unknown): Promise<T> {
  let overwriting: StaleWrite | null = null;
  for (;;) {
    try {
      return await save(overwriting);
    } catch (err) {
      const stale = staleWriteOf(err);
      if (!stale) throw err;
      const choice = await ask(stale.error);
      if (choice === 'overwrite') {
        overwriting = stale;
        continue;
      }
      if (choice === 'reload') await reload(stale);
      throw new WriteConflictError(stale, choice);
    }
  }
}
