import { type ReactNode, useMemo, useState } from 'react';
import { CreateProjectContext } from './create-project-context';
import { CreateProjectDialog } from './CreateProjectDialog';

export function CreateProjectProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // A new key per opening resets the form.
  const [generation, setGeneration] = useState(0);
  const value = useMemo(
    () => ({
      openCreateProject: () => {
        setGeneration((g) => g + 1);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <CreateProjectContext value={value}>
      {children}
      <CreateProjectDialog key={generation} open={open} onClose={() => setOpen(false)} />
    </CreateProjectContext>
  );
}
