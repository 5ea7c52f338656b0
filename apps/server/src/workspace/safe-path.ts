import { WS_MSG } from '@stepwise/shared';
import { badRequest } from '../http/errors.ts';

/** Top-level folders of a workspace that requests may touch. */
export const WORKSPACE_ROOTS = ['features', 'steps', 'environments', 'data'] as const;

/**
 * Normalises a user-given path inside the workspace: '/'-separated, no '.', '..', empty segments,
 * absolute paths, backslashes, control characters or NUL. Throws 400 otherwise. With `allowEmpty`,
 * '' and '/' stand for the root.
 */
export function safeRelativePath(input: string, { allowEmpty = false } = {}): string {
  const raw = input.replace(/^\/+|\/+$/g, '');
  if (raw === '') {
    if (allowEmpty) return '';
    throw badRequest(WS_MSG.invalidPath);
  }
  if (input.startsWith('/')) throw badRequest(WS_MSG.invalidPath);
  if (hasControlOrBackslash(raw) || raw.length > 1000) throw badRequest(WS_MSG.invalidPath);
  const segments = raw.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.trim() === '' || s.startsWith('-') || isGitDirName(s))) {
    throw badRequest(WS_MSG.invalidPath);
  }
  return segments.join('/');
}

/** Joins a folder path and a name into a path confined to one of the workspace roots. */
export function workspacePath(root: (typeof WORKSPACE_ROOTS)[number], ...parts: string[]): string {
  const rel = parts.map((p) => safeRelativePath(p, { allowEmpty: true })).filter(Boolean).join('/');
  return rel ? `${root}/${rel}` : root;
}

/** A full path (e.g. 'steps/x.mjs') that must sit under one of the workspace roots. */
export function confinedPath(input: string): string {
  const rel = safeRelativePath(input);
  const top = rel.split('/')[0];
  if (!(WORKSPACE_ROOTS as readonly string[]).includes(top)) throw badRequest(WS_MSG.invalidPath);
  return rel;
}

/**
 * '.git' in any spelling git's fsck rejects (case, trailing dots or spaces, the 8.3 name 'git~1'):
 * a tree holding one cannot be pushed to a remote that checks objects, nor checked out.
 */
function isGitDirName(segment: string): boolean {
  const name = segment.toLowerCase().replace(/[. ]+$/, '');
  return name === '.git' || name === 'git~1';
}

function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 || code === 127 || code === 92) return true;
  }
  return false;
}
