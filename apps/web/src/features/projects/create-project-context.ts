import { createContext, use } from 'react';

export const CreateProjectContext = createContext<{ openCreateProject: () => void } | null>(null);

/** Opens the "Create a new project" dialog from anywhere in the shell. */
export function useCreateProjectDialog() {
  const ctx = use(CreateProjectContext);
  if (!ctx) throw new Error('useCreateProjectDialog() outside CreateProjectProvider');
  return ctx;
}
