import fs from 'node:fs/promises';

const POLL_MS = 25;

/**
 * Waits for a branch's ref lock to go away. Git holds a ref lock for milliseconds; a lock that stays
 * for `staleAfterMs` was left by a writer that died mid-update (SIGKILL, power loss) and is removed,
 * so that one crash cannot block a branch for ever. The ref itself is intact: git writes the new
 * value into the lock file and renames it over the ref, so the ref holds the old or the new commit.
 */
export async function waitForRefLock(lockPath: string, staleAfterMs = 2000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await fs.stat(lockPath);
    } catch {
      return;
    }
    if (Date.now() - started >= staleAfterMs) {
      await fs.rm(lockPath, { force: true });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
