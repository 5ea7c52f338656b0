import { envDialogStore } from './env-dialog-store';
import { EnvironmentDialog } from './EnvironmentDialog';
import { useEnvironments, useSelectEnvironment } from './use-environments';

/** Renders the environment dialog requested through envDialogStore. */
export function EnvironmentDialogHost() {
  const request = envDialogStore.use();
  const envs = useEnvironments().data?.allEnv ?? [];
  const select = useSelectEnvironment();
  if (!request) return null;
  return (
    <EnvironmentDialog
      key={request.editing?.name ?? '__new__'}
      editing={request.editing}
      existing={envs.map((e) => e.name)}
      onClose={() => envDialogStore.set(null)}
      onSaved={(name) => {
        envDialogStore.set(null);
        select(name);
        request.onSaved?.(name);
      }}
    />
  );
}
