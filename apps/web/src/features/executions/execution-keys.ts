import { wsKeys } from '../workspace/workspace-keys';

/** Query keys of the executions area. */
export const executionKeys = {
  list: (projectId: string) => ['executions', projectId, 'list'] as const,
  one: (projectId: string, id: string) => ['executions', projectId, 'one', id] as const,
  logs: (instanceId: string) => ['executions', 'logs', instanceId] as const,
  /**
   * Features and tags of a branch for the planner: under the branch's workspace key, so a write in
   * the features area refreshes it and (large as it can be) it is not saved to local storage.
   */
  branchFeatures: (projectId: string, branch: string) => [...wsKeys.branch(projectId, branch), 'planner-features'] as const,
};
