import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../api/failure-text';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { pushScenario, type FeatureList, type FeatureNode, type PushResult } from './features.api';
import { parentPathOf } from './tree-model';
import { useRefreshBranch } from './use-feature-list';

const PUSH_ERROR = 'Error occurred while updating code';

/** push-scenario for one scenario, a whole file, or a new scenario; errors carry the text to show. */
export function useScenarioWrites() {
  const { ref } = useWorkspace();
  const queryClient = useQueryClient();
  const refresh = useRefreshBranch();
  const toast = useToast();

  /** `guarded`: refused (409) when someone changed the file since the list was read; edits toast on failure. */
  async function push(body: Parameters<typeof pushScenario>[1], guarded = true): Promise<PushResult> {
    // The commit the shown list came from, read when saving (subscribing would refetch the whole list on every mount).
    const list = queryClient.getQueryData<FeatureList>(wsKeys.features(ref.projectId, ref.branch));
    let result: PushResult;
    try {
      result = await pushScenario(ref, guarded && list ? { ...body, baseCommit: list.commit } : body);
    } catch (err) {
      if (guarded) toast.error(PUSH_ERROR);
      throw new Error(failureText(PUSH_ERROR, err), { cause: err });
    }
    await refresh();
    return result;
  }

  return {
    /** Replaces scenario `index` of the feature with `content`. */
    saveScenario: (feature: FeatureNode, index: number, content: string, commitMsg?: string) =>
      push({ name: feature.name, parentPath: parentPathOf(feature.path), data: content, scenarioIndex: index, lastActiveFolder: parentPathOf(feature.path), commitMsg }),
    /** Saves the whole file as typed (a feature that does not parse). */
    saveFile: (feature: FeatureNode, content: string) =>
      push({ name: feature.name, parentPath: parentPathOf(feature.path), data: content, replaceFile: true }),
    /** Appends a scenario to a feature, creating the feature when it does not exist. */
    addScenario: (folder: string, featureFile: string, content: string) =>
      push({ name: featureFile, parentPath: folder, data: content, scenarioIndex: null, lastActiveFolder: folder }, false),
  };
}
