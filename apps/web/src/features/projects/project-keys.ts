export const projectKeys = {
  all: ['projects'] as const,
  lastActive: ['lastActiveProject'] as const,
  expiry: (projectId: string) => ['projectExpiry', projectId] as const,
  role: (projectId: string, action: string) => ['checkRole', projectId, action] as const,
};
