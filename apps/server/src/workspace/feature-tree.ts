import { compareTags } from '@stepwise/shared';
import type { CommitFeatures, FeatureFile } from './feature-files.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const str = JSON.stringify;

interface Folder {
  name: string;
  path: string;
  folders: Folder[];
  features: Array<{ name: string; file: FeatureFile }>;
}

const parentsJson = (parentPath: string) => (parentPath ? str(parentPath.split('/')) : '[]');

/**
 * The navigator tree under features/ as the JSON of FeatureNodeDto[]: folders first, then
 * features, each group alphabetical. Feature nodes are put together from the JSON fragments cached
 * with each parse (full or compact), so a cold list does not serialise the parse results again.
 */
export function featureTreeJson(data: CommitFeatures, compact = false): string {
  const root: Folder = { name: '', path: '', folders: [], features: [] };
  const byPath = new Map<string, Folder>([['', root]]);
  const folderOf = (relPath: string): Folder => {
    const existing = byPath.get(relPath);
    if (existing) return existing;
    const cut = relPath.lastIndexOf('/');
    const folder: Folder = { name: relPath.slice(cut + 1), path: relPath, folders: [], features: [] };
    byPath.set(relPath, folder);
    folderOf(cut < 0 ? '' : relPath.slice(0, cut)).folders.push(folder);
    return folder;
  };
  for (const f of data.folders) folderOf(f);
  for (const file of data.features) {
    const rel = file.relPath;
    const cut = rel.lastIndexOf('/');
    folderOf(cut < 0 ? '' : rel.slice(0, cut)).features.push({ name: rel.slice(cut + 1), file });
  }
  const parts: string[] = [];
  const emit = (folder: Folder) => {
    folder.folders.sort((a, b) => byName(a.name, b.name));
    folder.features.sort((a, b) => byName(a.name, b.name));
    let count = 0;
    const sep = () => (count++ === 0 ? '' : ',');
    for (const sub of folder.folders) {
      parts.push(`${sep()}{"name":${str(sub.name)},"path":${str(sub.path)},"parents":${parentsJson(folder.path)},"isFolder":true,"children":[`);
      emit(sub);
      parts.push(']}');
    }
    for (const { name, file } of folder.features) {
      const fragment = file.entry.fragment(compact ? 'compact' : 'full');
      parts.push(`${sep()}{"name":${str(name)},"path":${str(file.relPath)},"parents":${parentsJson(folder.path)},"isFolder":false,${fragment}}`);
    }
  };
  parts.push('[');
  emit(root);
  parts.push(']');
  return parts.join('');
}

/** Every tag used on the branch, without '@', deduplicated and in tag search order. */
export function collectTags(data: CommitFeatures): string[] {
  const all = new Set<string>();
  for (const f of data.features) for (const t of f.entry.summary.allTags) all.add(t);
  return [...all].sort(compareTags);
}
