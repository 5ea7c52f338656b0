import { stripFeatureExt, UI } from '@stepwise/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

export type DeleteTarget =
  | { kind: 'folder'; name: string }
  | { kind: 'feature'; name: string }
  | { kind: 'scenario'; name: string; featureName: string; lastOne: boolean };

const MAX_NAME = UI.memberNameMaxInDialog;
const cut = (s: string) => (s.length > MAX_NAME ? `${s.slice(0, MAX_NAME)}...` : s);

function message(target: DeleteTarget): string {
  if (target.kind === 'folder') return `Delete the folder ${target.name} with every feature and folder in it?`;
  if (target.kind === 'feature') return `Delete the feature ${cut(stripFeatureExt(target.name))} and all its scenarios?`;
  const feature = cut(stripFeatureExt(target.featureName));
  return target.lastOne
    ? `${target.name} is the only scenario of ${feature}: deleting it deletes the feature too.`
    : `Delete the scenario ${target.name} from ${feature}?`;
}

/** Confirmation of a delete; after a failure the button reads 'Retry delete'. */
export function DeleteNodeDialog({ target, onConfirm, onClose }: { target: DeleteTarget | null; onConfirm: () => Promise<void>; onClose: () => void }) {
  const title = target ? `Delete ${target.kind}` : 'Delete';
  return (
    <ConfirmDialog
      open={!!target}
      title={title}
      message={target ? message(target) : ''}
      confirmText="Delete"
      retryText="Retry delete"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        await onConfirm();
        return true;
      }}
    />
  );
}
