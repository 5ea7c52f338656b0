import type { ProjectRepo } from '../workspace/project-repo.ts';
import { readStepFile, type ParsedStepFile } from './step-definitions.ts';

export const STEPS_DIR = 'steps';

/** A step file of a branch: its path ('steps/x.mjs'), name under steps/ ('x.mjs'), content and definitions. */
export interface StepFile {
  path: string;
  name: string;
  oid: string;
  content: string;
  parsed: ParsedStepFile;
}

const cache = new Map<string, ParsedStepFile>();
const CACHE_MAX = 5_000;

/** Every .mjs file under steps/ at `head`, parsed without being run (cached by blob id). */
export async function readStepFiles(repo: ProjectRepo, head: string): Promise<StepFile[]> {
  const entries = (await repo.lsTree(head, STEPS_DIR)).filter((e) => e.type === 'blob' && e.mode !== '120000' && e.path.endsWith('.mjs'));
  const blobs = await repo.readBlobs(entries.map((e) => e.oid));
  if (cache.size > CACHE_MAX) cache.clear();
  return entries.map((e) => {
    const content = blobs.get(e.oid) ?? '';
    let parsed = cache.get(e.oid);
    if (!parsed) {
      parsed = readStepFile(content);
      cache.set(e.oid, parsed);
    }
    return { path: e.path, name: e.path.slice(STEPS_DIR.length + 1), oid: e.oid, content, parsed };
  });
}

/**
 * Date of the last commit that changed each file under steps/, walking back from `head` (at most
 * `limit` commits; files changed only earlier get no date).
 */
export function lastChangeDates(repo: ProjectRepo, head: string, limit = 5000): Promise<Map<string, string>> {
  return repo.lastChangeDates(head, STEPS_DIR, limit);
}

/** Normalises a step file reference ('x.mjs', 'steps/x.mjs', '/steps/x.mjs') to its name under steps/. */
export function stepFileName(ref: string): string {
  return ref.replace(/^\/+/, '').replace(/^steps\//, '');
}
