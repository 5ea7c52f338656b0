import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILTIN_STEPS_FILE } from '@stepwise/shared';
import { readStepFile } from './step-definitions.ts';
import type { LocatedDefinition } from './step-matcher.ts';

/** Path of the built-in step library on disk, for the runner to load next to the project's steps. */
export const BUILTIN_LIBRARY_PATH = fileURLToPath(new URL('./builtin/utils.mjs', import.meta.url));

let cached: { content: string; definitions: LocatedDefinition[] } | null = null;

/** The built-in library's source (shown as the read-only utils file) and its definitions. */
export function builtinLibrary(): { file: string; content: string; definitions: LocatedDefinition[] } {
  if (!cached) {
    const content = fs.readFileSync(BUILTIN_LIBRARY_PATH, 'utf8');
    const parsed = readStepFile(content);
    if (parsed.error) throw new Error(`The built-in step library does not parse: ${parsed.error.message} at line ${parsed.error.line}`);
    cached = { content, definitions: parsed.definitions.map((d) => ({ ...d, source: 'builtin' as const, file: BUILTIN_STEPS_FILE, builtin: true })) };
  }
  return { file: BUILTIN_STEPS_FILE, ...cached };
}
