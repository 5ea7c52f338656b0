import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { isReloaded, saveWithConflicts, WriteConflictError } from '../workspace/write-conflict';
import { createFolder, deleteFeature, deleteFolder, editFolder, pushScenario, renameFeature, type FeatureNode } from './features.api';
import { parentPathOf } from './tree-model';
import { useRefreshBranch } from './use-feature-list';
import { useScenarioWrites } from './use-scenario-writes';

/** The server's own message when it sent one, else the spec's text. */
const serverOr = (fallback: string, err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;

/** Writes of the navigator tree; each throws an Error carrying the text to show, and toasts on success. */
export function useTreeActions() {
  const { ref } = useWorkspace();
  const toast = useToast();
  const refresh = useRefreshBranch();
  const { shownCommit } = useScenarioWrites();

  /** False when a conflict was answered with Reload (nothing written, theirs shown). */
  async function run(write: () => Promise<unknown>, success: string | null, failure: (err: unknown) => string): Promise<boolean> {
    try {
      await write();
    } catch (err) {
      if (isReloaded(err)) return false;
      throw new Error(err instanceof WriteConflictError ? err.message : failure(err), { cause: err });
    }
    await refresh();
    if (success) toast.success(success);
    return true;
  }

  return {
    createFolder: (parentPath: string, name: string) =>
      run(() => createFolder(ref, { parentPath, name: name.trim() }), 'Folder created successfully', (err) =>
        failureText(parentPath ? 'Failed to create sub folder' : 'Failed to create folder', err),
      ),
    renameFolder: (node: FeatureNode, newName: string) =>
      run(
        () => editFolder(ref, { parentPath: parentPathOf(node.path), destinationPath: parentPathOf(node.path), oldName: node.name, newName: newName.trim(), action: 'Renamed' }),
        'Folder edited successfully',
        (err) => serverOr('Failed to edit folder', err),
      ),
    move: (node: FeatureNode, destinationPath: string) =>
      run(
        () => editFolder(ref, { parentPath: parentPathOf(node.path), destinationPath, oldName: node.name, action: 'Moved' }),
        `${node.isFolder ? 'Folder' : 'Feature'} moved successfully`,
        (err) => serverOr('Failed to edit folder', err),
      ),
    deleteFolder: (node: FeatureNode) =>
      run(() => deleteFolder(ref, { name: node.name, deletePath: node.path }), 'Folder deleted successfully', (err) => failureText('Failed to delete folder!', err)),
    renameFeature: (node: FeatureNode, newName: string) =>
      run(
        () => renameFeature(ref, { parentPath: parentPathOf(node.path), oldName: node.name, newName: newName.trim() }),
        'Renamed feature successfully',
        (err) => (err instanceof ApiError && err.status >= 400 ? failureText('Error in renaming feature', err) : 'Failed to rename feature'),
      ),
    deleteFeature: (node: FeatureNode) =>
      run(() => deleteFeature(ref, { parentPath: parentPathOf(node.path), name: node.name }), 'Feature deleted', (err) =>
        failureText('An error occurred while deleting the feature', err),
      ),
    /** The only scenario of a feature takes the feature with it. False when the person reloaded instead. */
    deleteScenario: (feature: FeatureNode, index: number) =>
      (feature.scenarios?.length ?? 0) <= 1
        ? run(() => deleteFeature(ref, { parentPath: parentPathOf(feature.path), name: feature.name }), 'Scenario deleted', (err) =>
            failureText('An error occurred while deleting the feature', err),
          )
        : run(
            () => {
              const body = { name: feature.name, parentPath: parentPathOf(feature.path), data: '', scenarioIndex: index, deleteScenario: true };
              const base = shownCommit();
              return saveWithConflicts((stale) => pushScenario(ref, { ...body, baseCommit: stale ? stale.commit : base }), () => refresh());
            },
            'Scenario deleted',
            (err) => failureText('An error occurred while deleting the scenario', err),
          ),
  };
}

export type TreeActions = ReturnType<typeof useTreeActions>;
