import { hashObject } from './git-objects.ts';

/** The Git blob id of a text, as `git hash-object` computes it (SHA-1 repositories). */
export const blobIdOf = (content: string) => hashObject('blob', Buffer.from(content, 'utf8'));
