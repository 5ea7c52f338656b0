import { ConflictDialog } from '../../components/ConflictDialog';
import { conflictStore } from './write-conflict';

/** Shows the conflict question of a stale save (see saveWithConflicts). */
export function WriteConflictHost() {
  const question = conflictStore.use();
  if (!question) return null;
  return (
    <ConflictDialog
      open
      message={question.message}
      onReload={() => question.answer('reload')}
      onOverwrite={() => question.answer('overwrite')}
      onCancel={() => question.answer('cancel')}
    />
  );
}
