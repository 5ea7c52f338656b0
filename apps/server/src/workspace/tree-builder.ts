import type { FileChange } from './git-repo.ts';
import { encodeTree, parseTree, readObjects, writeObject, type TreeItem } from './git-objects.ts';

export class TreeConflictError extends Error {}

interface DirChanges {
  files: Map<string, FileChange>;
  dirs: Set<string>;
}

const parentOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * Writes the tree of `commit` with `changes` applied and returns its id. Only the folders on the
 * changed paths are read (one `cat-file --batch`) and rewritten; a folder left empty disappears.
 * Throws TreeConflictError when a change needs a file where a folder is, or the other way round.
 */
export async function treeWithChanges(gitDir: string, commit: string, changes: FileChange[]): Promise<string> {
  return (await treeChange(gitDir, commit, changes)).tree;
}

/** The tree id of `commit` with `changes`, and whether it is the commit's own tree (nothing changed). */
export async function treeChange(gitDir: string, commit: string, changes: FileChange[]): Promise<{ tree: string; unchanged: boolean }> {
  const byDir = new Map<string, DirChanges>();
  const dirOf = (d: string) => {
    let entry = byDir.get(d);
    if (!entry) {
      entry = { files: new Map(), dirs: new Set() };
      byDir.set(d, entry);
      if (d !== '') dirOf(parentOf(d)).dirs.add(nameOf(d));
    }
    return entry;
  };
  dirOf('');
  for (const c of changes) dirOf(parentOf(c.path)).files.set(nameOf(c.path), c);
  const dirs = [...byDir.keys()];
  const objects = await readObjects(gitDir, dirs.map((d) => (d === '' ? `${commit}^{tree}` : `${commit}:${d}`)));
  const existing = new Map<string, TreeItem[] | null>();
  const baseTree = objects[dirs.indexOf('')]?.oid;
  dirs.forEach((d, i) => {
    const obj = objects[i];
    if (obj && obj.type !== 'tree') throw new TreeConflictError(`${d} is a file`);
    existing.set(d, obj ? parseTree(obj.data) : null);
  });

  const build = async (dir: string): Promise<string | null> => {
    const items = new Map((existing.get(dir) ?? []).map((it) => [it.name, it]));
    const change = byDir.get(dir)!;
    for (const [name, c] of change.files) {
      const current = items.get(name);
      if (current?.mode === '40000') throw new TreeConflictError(`${dir}/${name} is a folder`);
      if (c.oid) items.set(name, { mode: c.mode ?? '100644', name, oid: c.oid });
      else if (c.content === null) items.delete(name);
      else items.set(name, { mode: '100644', name, oid: await writeObject(gitDir, 'blob', Buffer.from(c.content, 'utf8')) });
    }
    for (const name of change.dirs) {
      const current = items.get(name);
      if (current && current.mode !== '40000') throw new TreeConflictError(`${dir}/${name} is a file`);
      const oid = await build(dir ? `${dir}/${name}` : name);
      if (oid) items.set(name, { mode: '40000', name, oid });
      else items.delete(name);
    }
    if (items.size === 0 && dir !== '') return null;
    return writeObject(gitDir, 'tree', encodeTree([...items.values()]));
  };
  const tree = (await build(''))!;
  return { tree, unchanged: tree === baseTree };
}
