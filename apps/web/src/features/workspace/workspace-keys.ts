/** Query keys: everything read from one branch sits under `branch(projectId, branch)`, so a write refreshes it at once. */
export const wsKeys = {
  project: (projectId: string) => ['ws', projectId] as const,
  branch: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch] as const,
  features: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch, 'features'] as const,
  steps: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch, 'steps'] as const,
  stepCode: (projectId: string, branch: string, feature: string, scenario: string) =>
    ['ws', projectId, 'branch', branch, 'step-code', feature, scenario] as const,
  envs: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch, 'envs'] as const,
  testData: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch, 'test-data'] as const,
  unused: (projectId: string, branch: string) => ['ws', projectId, 'branch', branch, 'unused'] as const,
  branches: (projectId: string) => ['ws', projectId, 'branches'] as const,
  count: (projectId: string) => ['ws', projectId, 'count'] as const,
};
