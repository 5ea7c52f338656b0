import type compromise from 'compromise';
import { compromise as loadCompromise } from '../optional-libraries.ts';

/** A parsed text of compromise (the offline AI's English grammar). */
export type NlpDoc = ReturnType<typeof compromise>;

/** `text` parsed by compromise, loaded at the first parse rather than at every server start (optional-libraries.ts). */
export function nlp(text: string): NlpDoc {
  return loadCompromise()(text);
}
