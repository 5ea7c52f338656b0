import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../api/failure-text';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { saveWithConflicts, WriteConflictError } from '../workspace/write-conflict';
import { pushScenario, type FeatureList, type FeatureNode, type PushResult } from './features.api';
import { parentPathOf } from './tree-model';
import { useRefreshBranch } from './use-feature-list';

const PUSH_ERROR = 'Error occurred while updating code';

/**
 * push-scenario for one scenario, a whole file, a new scenario or a deletion; errors carry the text to
 * show. Every push names the commit its text came from (`baseCommit`, default: the list shown now);
 * when someone else changed the file since, the person chooses Reload (WriteConflictError 'reload',
 * the list is read again) or Overwrite.
 */
export function useScenarioWrites() {
  const { ref } = useWorkspace();
  const queryClient = useQueryClient();
  const refresh = useRefreshBranch();
  const toast = useToast();

  /** The commit of the feature list on screen: what an editor opened now starts from. */
  const shownCommit = () => queryClient.getQueryData<FeatureList>(wsKeys.features(ref.projectId, ref.branch))?.commit;

  /** `quiet`: no toast on failure (the caller shows it). */
  async function push(body: Parameters<typeof pushScenario>[1], baseCommit = shownCommit(), quiet = false): Promise<PushResult> {
    let result: PushResult;
    try {
      result = await saveWithConflicts((stale) => pushScenario(ref, { ...body, baseCommit: stale ? stale.commit : baseCommit }), () => refresh());
    } catch (err) {
      if (err instanceof WriteConflictError) throw err;
      if (!quiet) toast.error(PUSH_ERROR);
      throw new Error(failureText(PUSH_ERROR, err), { cause: err });
    }
    await refresh();
    return result;
  }

  return {
    shownCommit,
    /** Replaces scenario `index` of the feature with `content`, written from the list at `baseCommit`. */
    saveScenario: (feature: FeatureNode, index: number, content: string, commitMsg?: string, baseCommit?: string) =>
      push(
        { name: feature.name, parentPath: parentPathOf(feature.path), data: content, scenarioIndex: index, lastActiveFolder: parentPathOf(feature.path), commitMsg },
        baseCommit,
      ),
    /** Saves the whole file as typed (a feature that does not parse). */
    saveFile: (feature: FeatureNode, content: string, baseCommit?: string) =>
      push({ name: feature.name, parentPath: parentPathOf(feature.path), data: content, replaceFile: true }, baseCommit),
    /** Appends a scenario to a feature, creating the feature when it does not exist (an append replaces nothing: never a conflict). */
    addScenario: (folder: string, featureFile: string, content: string) =>
      push({ name: featureFile, parentPath: folder, data: content, scenarioIndex: null, lastActiveFolder: folder }, undefined, true),
  };
}
