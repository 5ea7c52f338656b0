import { createHash } from 'node:crypto';

/**
 * The Git blob id of a text, as `git hash-object` computes it (SHA-1 repositories): the key of the
 * parse cache for text not yet in a repository, and how a commit sees that a file is unchanged.
 * Only computed; objects are written by git (fast-import.ts).
 */
export const blobIdOf = (content: string) => {
  const body = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
};
