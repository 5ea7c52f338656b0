import Paper from '@mui/material/Paper';
import { scenarioNameError, type FeatureNodeDto } from '@stepwise/shared';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { openRecorderUrl } from '../../recorder/open-recorder-url';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import { insertStepComment, renameScenarioText, setScenarioTags } from '../gherkin-text';
import { DeleteNodeDialog } from '../tree/DeleteNodeDialog';
import { NameDialog } from '../tree/NameDialog';
import { useScenarioWrites } from '../use-scenario-writes';
import { useTreeActions } from '../use-tree-actions';
import { GherkinPanel } from './GherkinPanel';
import { GherkinToolbar } from './GherkinToolbar';
import { ScenarioHeader } from './ScenarioHeader';
import { StepCommentDialog } from './StepCommentDialog';
import { StepList } from './StepList';

export interface ScenarioPaneProps {
  feature: FeatureNodeDto;
  index: number;
  allTags: string[];
  onOpenStepCode: (stepIndex: number) => void;
  /** After the scenario (and, for the last one, its feature) was deleted. */
  onDeleted: (featureDeleted: boolean) => void;
}

type Dialog = { kind: 'delete' } | { kind: 'rename' } | { kind: 'comment'; step: number } | null;

/** One scenario: header with tags, the Gherkin view/editor and the step bars. */
export function ScenarioPane({ feature, index, allTags, onOpenStepCode, onDeleted }: ScenarioPaneProps) {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const writes = useScenarioWrites();
  const actions = useTreeActions();
  const toast = useToast();
  const [editMode, setEditMode] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const scenario = feature.scenarios![index];
  const names = (feature.scenarios ?? []).map((s) => s.name);
  const recorderParams = { project_id: ws.projectId, git_branch: ws.branch, feature_file: `features/${feature.path}`, scenario_name: scenario.name, env_name: ws.env ? `environments/${ws.env}.json` : null };
  const save = (content: string) => writes.saveScenario(feature, index, content);
  const writable = (fn: () => void) => () => guard.canWrite() && fn();

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <ScenarioHeader
        feature={feature}
        scenario={scenario}
        allTags={allTags}
        onTagsChange={async (tags) => {
          if (!guard.canWrite()) return;
          await save(setScenarioTags(scenario.content, tags));
        }}
        onDelete={writable(() => setDialog({ kind: 'delete' }))}
      />
      <GherkinToolbar
        editMode={editMode}
        onEditMode={(on) => (!on || guard.canWrite()) && setEditMode(on)}
        onRename={writable(() => setDialog({ kind: 'rename' }))}
        onViewCode={() => onOpenStepCode(0)}
        executeUrl={openRecorderUrl('execute', recorderParams)}
      />
      <GherkinPanel
        content={scenario.content}
        editMode={editMode}
        label={`Scenario ${scenario.name}`}
        onExitEdit={() => setEditMode(false)}
        onSave={async (draft) => {
          await save(draft);
          toast.success('Scenario saved');
          setEditMode(false);
        }}
      />
      <StepList
        scenario={scenario}
        onComment={(step) => guard.canWrite() && setDialog({ kind: 'comment', step })}
        onImplementApi={(step) => window.open(openRecorderUrl('apitest', { ...recorderParams, step_index: step, stepSource: 'api' }), '_blank')}
        onViewCode={onOpenStepCode}
      />
      <DeleteNodeDialog
        target={dialog?.kind === 'delete' ? { kind: 'scenario', name: scenario.name, featureName: feature.name, lastOne: names.length <= 1 } : null}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await actions.deleteScenario(feature, index);
          onDeleted(names.length <= 1);
        }}
      />
      {dialog?.kind === 'rename' && (
        <NameDialog
          title="Edit scenario"
          label="Scenario name"
          initial={scenario.name}
          validate={(v) => scenarioNameError(v, scenario.name, names)}
          onClose={() => setDialog(null)}
          onSave={async (v) => {
            await save(renameScenarioText(scenario.content, v));
            setDialog(null);
            toast.success('Scenario renamed');
          }}
        />
      )}
      {dialog?.kind === 'comment' && (
        <StepCommentDialog
          step={`${scenario.steps[dialog.step].keyword.trim()} ${scenario.steps[dialog.step].text}`}
          onClose={() => setDialog(null)}
          onSave={async (comment) => {
            await save(insertStepComment(scenario.content, dialog.step, comment));
            setDialog(null);
            toast.success('Comment added');
          }}
        />
      )}
    </Paper>
  );
}
