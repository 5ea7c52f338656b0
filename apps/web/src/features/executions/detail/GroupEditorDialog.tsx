import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ScenarioGroup } from '@stepwise/shared';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { maxThreadsFor } from '../logic/threads';
import { ScenarioSelection } from '../planner/ScenarioSelection';
import { useBranchScenarios } from '../planner/use-branch-scenarios';
import { effectiveThreads } from '../planner/wizard-state';

interface Props {
  projectId: string;
  isPrivateRepo: boolean;
  branch: string;
  env: string;
  groupName: string;
  threadAllowance: number;
  onAdd: (group: ScenarioGroup) => void;
  onClose: () => void;
}

/** Add a scenario group: the select-scenarios step of the planner for the execution's branch. */
export function GroupEditorDialog({ projectId, isPrivateRepo, branch, env, groupName, threadAllowance, onAdd, onClose }: Props) {
  const [tags, setTags] = useState<string[]>([]);
  const [threads, setThreads] = useState<number | null>(null);
  const selection = useBranchScenarios({ projectId, isPrivateRepo, branch, env, tags });
  const max = maxThreadsFor(threadAllowance, selection.scenarios.length);
  const threadCount = effectiveThreads(threads, max);
  return (
    <AppDialog open onClose={onClose} maxWidth="md" aria-labelledby="group-editor-title">
      <DialogTitle id="group-editor-title">Select scenarios</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ScenarioSelection
          groupName={groupName}
          tagOptions={selection.tagOptions}
          tags={tags}
          loading={selection.query.isLoading}
          error={selection.query.error}
          scenarios={selection.scenarios}
          threads={threadCount}
          maxThreads={max}
          onTags={setTags}
          onThreads={setThreads}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={tags.length === 0}
          onClick={() => onAdd({ name: groupName, tags, scenarios: selection.scenarios, threadCount: Math.min(threadCount, maxThreadsFor(threadAllowance, selection.scenarios.length)) })}
        >
          Add group
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
