import { createRequire } from 'node:module';
import type compromise from 'compromise';

type Compromise = typeof compromise;
/** A parsed text of compromise (the offline AI's English grammar). */
export type NlpDoc = ReturnType<Compromise>;

const require = createRequire(import.meta.url);
let loaded: Compromise | undefined;

/**
 * compromise, loaded on first use rather than at every server start: its bundled CommonJS build (0.35 s
 * of CPU here, against 0.54 s for its ES modules, each a file of their own), which most server processes
 * (workers, run processes, servers whose users never ask the AI) never need.
 */
export function nlp(text: string): NlpDoc {
  loaded ??= require('compromise') as Compromise;
  return loaded(text);
}
