import type { Phrase } from './step-phrase.ts';
import type { Slot } from './step-sentence.ts';

/** What a step asks for, before any element is looked up. */
export type Intent =
  | { kind: 'navigate'; place: Phrase }
  | { kind: 'back' }
  | { kind: 'reload' }
  | { kind: 'click' | 'hover' | 'check' | 'uncheck'; target: Phrase | null; scopes: Phrase[]; byVerb: boolean; times?: Slot }
  | { kind: 'login'; user: Phrase; password: Phrase | null }
  | { kind: 'assertSignedIn'; signedIn: boolean }
  | { kind: 'assertMessage'; subject: Phrase; word: string }
  | { kind: 'fill'; field: Phrase | null; value: Phrase | null; scopes: Phrase[] }
  | { kind: 'select'; field: Phrase | null; option: Phrase; scopes: Phrase[] }
  | { kind: 'search'; value: Phrase }
  | { kind: 'press'; key: string; target: Phrase | null }
  | { kind: 'upload'; field: Phrase | null; file: Phrase }
  | { kind: 'wait'; amount: Slot; unit: number }
  | { kind: 'waitText'; text: Phrase }
  | { kind: 'assertText'; text: Phrase; negated: boolean }
  | { kind: 'assertElement'; target: Phrase; negated: boolean; scopes: Phrase[] }
  | { kind: 'assertUrl'; value: Phrase; exact: boolean; negated: boolean }
  | { kind: 'assertTitle'; value: Phrase; exact: boolean }
  | { kind: 'assertCount'; count: Slot; noun: string; scope: Phrase | null }
  | { kind: 'assertValue'; target: Phrase; value: Phrase; scopes: Phrase[] }
  | { kind: 'assertChecked'; target: Phrase; negated: boolean }
  | { kind: 'unknown'; reason: string };
