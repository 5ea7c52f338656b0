import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { openRecorderUrl } from '../../recorder/open-recorder-url';
import { useWorkspace } from '../../workspace/use-workspace';
import { isReloaded } from '../../workspace/write-conflict';
import { useWriteGuard } from '../../workspace/write-guard';
import type { ScenarioViewOption } from '../feature-selection';
import type { FeatureNode } from '../features.api';
import type { GherkinKeywords } from '../gherkin-dialect';
import { insertStepComment, setScenarioTags } from '../gherkin-text';
import type { ScenarioView } from '../scenario-content';
import { GenerateStepDialog } from '../generate-step/GenerateStepDialog';
import { stepsWithoutCode, useGenerateStep } from '../generate-step/use-generate-step';
import { useStepIndex } from '../use-steps';
import { DeleteNodeDialog } from '../tree/DeleteNodeDialog';
import { useScenarioWrites } from '../use-scenario-writes';
import { useTreeActions } from '../use-tree-actions';
import { EditScenarioDialog } from './EditScenarioDialog';
import { GherkinPanel } from './GherkinPanel';
import { GherkinToolbar } from './GherkinToolbar';
import { ScenarioHeader } from './ScenarioHeader';
import { StepCommentDialog } from './StepCommentDialog';
import { StepList } from './StepList';

export interface ScenarioPaneProps {
  feature: FeatureNode;
  index: number;
  /** Scenario `index` with its text and steps (scenarioView). */
  scenario: ScenarioView;
  /** Keywords of the feature's language. */
  keywords: GherkinKeywords;
  allTags: string[];
  view: ScenarioViewOption;
  onViewChange: (view: ScenarioViewOption) => void;
  onOpenStepCode: (stepIndex: number) => void;
  /** After the scenario (and, for the last one, its feature) was deleted. */
  onDeleted: (featureDeleted: boolean) => void;
}

type Dialog = { kind: 'delete' } | { kind: 'edit' } | { kind: 'comment'; step: number } | null;

/** One scenario: header with tags, the Gherkin view/editor and the step bars (as the view option says). */
export function ScenarioPane({ feature, index, scenario, keywords, allTags, view, onViewChange, onOpenStepCode, onDeleted }: ScenarioPaneProps) {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const writes = useScenarioWrites();
  const actions = useTreeActions();
  const toast = useToast();
  const [editMode, setEditMode] = useState(false);
  // The commit the editor's text came from: the list may refresh while it is open.
  const [editBase, setEditBase] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const generate = useGenerateStep();
  const todo = stepsWithoutCode(scenario.steps, useStepIndex());
  const names = (feature.scenarios ?? []).map((s) => s.name);
  const recorderParams = { project_id: ws.projectId, git_branch: ws.branch, feature_file: `features/${feature.path}`, scenario_name: scenario.name, env_name: ws.env ? `environments/${ws.env}.json` : null };
  /** Saves; false when a conflict was answered with Reload (theirs is shown, nothing was written). */
  const save = async (content: string, baseCommit?: string): Promise<boolean> => {
    try {
      await writes.saveScenario(feature, index, content, undefined, baseCommit);
      return true;
    } catch (err) {
      if (isReloaded(err)) return false;
      throw err;
    }
  };
  const writable = (fn: () => void) => () => guard.canWrite() && fn();
  const commentStep = dialog?.kind === 'comment' ? scenario.steps[dialog.step] : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <ScenarioHeader
        feature={feature}
        scenario={scenario}
        allTags={allTags}
        onTagsChange={async (tags) => {
          if (!guard.canWrite()) return;
          await save(setScenarioTags(scenario.content, tags, keywords));
        }}
        onDelete={writable(() => setDialog({ kind: 'delete' }))}
      />
      <GherkinToolbar
        editMode={editMode}
        onEditMode={(on) => {
          if (on && !guard.canWrite()) return;
          if (on) setEditBase(writes.shownCommit());
          setEditMode(on);
          // The editor is the Gherkin view: editing from the steps view switches to it.
          if (on && view === 'steps') onViewChange('gherkin');
        }}
        view={view}
        onViewChange={onViewChange}
        onEdit={writable(() => setDialog({ kind: 'edit' }))}
        onViewCode={() => onOpenStepCode(0)}
        todo={todo?.length ?? null}
        onGenerate={() => todo && generate.start(todo)}
        executeUrl={openRecorderUrl('execute', recorderParams)}
      />
      {(view !== 'steps' || editMode) && (
        <GherkinPanel
          content={scenario.content}
          editMode={editMode}
          label={`Scenario ${scenario.name}`}
          onExitEdit={() => setEditMode(false)}
          onSave={async (draft) => {
            if (await save(draft, editBase)) toast.success('Scenario saved');
            setEditMode(false);
          }}
        />
      )}
      {view !== 'gherkin' && (
        <StepList
          steps={scenario.steps}
          onComment={(step) => guard.canWrite() && setDialog({ kind: 'comment', step })}
          onGenerate={(step) => generate.start([scenario.steps[step]])}
          onImplementApi={(step) => window.open(openRecorderUrl('apitest', { ...recorderParams, step_index: step, stepSource: 'api' }), '_blank')}
          onViewCode={onOpenStepCode}
        />
      )}
      <DeleteNodeDialog
        target={dialog?.kind === 'delete' ? { kind: 'scenario', name: scenario.name, featureName: feature.name, lastOne: names.length <= 1 } : null}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (await actions.deleteScenario(feature, index)) onDeleted(names.length <= 1);
        }}
      />
      {generate.generation && (
        <GenerateStepDialog
          featurePath={feature.path}
          scenarioName={scenario.name}
          generation={generate.generation}
          onClose={generate.close}
          onViewCode={(text) => {
            generate.close();
            onOpenStepCode(Math.max(0, scenario.steps.findIndex((s) => s.text === text)));
          }}
        />
      )}
      {dialog?.kind === 'edit' && <EditScenarioDialog feature={feature} index={index} allTags={allTags} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'comment' && commentStep && (
        <StepCommentDialog
          step={`${commentStep.keyword.trim()} ${commentStep.text}`}
          onClose={() => setDialog(null)}
          onSave={async (comment) => {
            const saved = await save(insertStepComment(scenario.content, dialog.step, comment, keywords));
            setDialog(null);
            if (saved) toast.success('Comment added');
          }}
        />
      )}
    </Paper>
  );
}
