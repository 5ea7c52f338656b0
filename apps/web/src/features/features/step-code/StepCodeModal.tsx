import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { errorText } from '../../../api/client';
import { CodeEditor, DiffView } from '../../../components/code/LazyCode';
import { openRecorderUrl } from '../../recorder/open-recorder-url';
import { useStartRecorder } from '../../workspace/use-start-recorder';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import { useStepCode } from '../use-steps';
import { AiRequestBox } from './AiRequestBox';
import { CodeValidationDialog, DiscardChangesDialog, NoCodeDialog, UnsavedChangesDialog } from './StepCodeDialogs';
import { StepCodeHeader } from './StepCodeHeader';
import { StepCodeList } from './StepCodeList';
import { GenerateStepDialog } from '../generate-step/GenerateStepDialog';
import { useGenerateStep } from '../generate-step/use-generate-step';
import { useStepCodeEditor } from './use-step-code-editor';

export interface StepCodeModalProps {
  featurePath: string;
  scenarioName: string;
  initialStep: number;
  onClose: () => void;
}

type Prompt = { kind: 'discard'; then: () => void } | { kind: 'unsaved'; next: number } | null;

/** The code behind each step of a scenario: view, edit, review the diff and save. */
export function StepCodeModal({ featurePath, scenarioName, initialStep, onClose }: StepCodeModalProps) {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const steps = useStepCode(featurePath, scenarioName);
  const [selected, setSelected] = useState(initialStep);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [noCodeSeen, setNoCodeSeen] = useState<Set<number>>(new Set());
  const list = steps.data ?? [];
  const index = Math.min(selected, Math.max(0, list.length - 1));
  const step = list[index];
  const editor = useStepCodeEditor(step, guard.canWrite);
  const generate = useGenerateStep();
  const startRecorder = useStartRecorder();
  const common = { project_id: ws.projectId, git_branch: ws.branch };

  function select(next: number) {
    if (next === index) return;
    if (editor.dirty) return setPrompt({ kind: 'unsaved', next });
    editor.reset();
    setSelected(next);
  }
  const close = () => (editor.dirty ? setPrompt({ kind: 'discard', then: onClose }) : onClose());
  const showNoCode = !!step?.isStub && editor.mode === 'view' && !noCodeSeen.has(index);
  const seen = () => setNoCodeSeen((s) => new Set(s).add(index));

  return (
    <Dialog open fullWidth maxWidth="xl" onClose={close} aria-labelledby="step-code-title" slotProps={{ paper: { sx: { height: '88vh' } } }}>
      <DialogTitle id="step-code-title">Step code · {scenarioName}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', gap: 2, p: 0, overflow: 'hidden' }}>
        <Box sx={{ width: 320, flexShrink: 0, borderRight: 1, borderColor: 'divider', p: 1, overflowY: 'auto' }}>
          {steps.isLoading ? <CircularProgress size={24} sx={{ m: 2 }} /> : <StepCodeList steps={list} selected={index} onSelect={select} />}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, p: 2, overflowY: 'auto' }}>
          {steps.isError && <Alert severity="error">{errorText(steps.error)}</Alert>}
          {!steps.isLoading && !steps.isError && list.length === 0 && <Alert severity="info">This scenario has no steps yet.</Alert>}
          {step && (
            <>
              <StepCodeHeader
                step={step}
                editor={editor}
                vscodeUrl={openRecorderUrl('open_vscode', { ...common, file_path: step.mjsFile ? `steps/${step.mjsFile}` : null })}
                testUrl={openRecorderUrl('execute', { ...common, feature_file: `features/${featurePath}`, scenario_name: scenarioName })}
                onDiscard={() => setPrompt({ kind: 'discard', then: editor.reset })}
                onClose={close}
              />
              {editor.error && <Alert severity="error" sx={{ mb: 1.5 }}>{editor.error}</Alert>}
              {editor.mode === 'review' ? (
                <DiffView original={editor.original} modified={editor.current} language="javascript" ariaLabel={`Changes to ${step.mjsFile}`} />
              ) : (
                <CodeEditor
                  key={`${index}-${step.mjsFile}`}
                  value={editor.current}
                  language="javascript"
                  readOnly={editor.mode !== 'edit'}
                  onChange={editor.change}
                  ariaLabel={`Code of ${step.mjsFile ?? 'the step'}`}
                  minHeight={360}
                  maxHeight="60vh"
                  focusLine={step.line}
                />
              )}
              <AiRequestBox key={`ai-${index}-${step.mjsFile}`} step={step} editor={editor} />
            </>
          )}
        </Box>
      </DialogContent>
      {prompt?.kind === 'discard' && (
        <DiscardChangesDialog
          onCancel={() => setPrompt(null)}
          onDiscard={() => {
            setPrompt(null);
            editor.reset();
            prompt.then();
          }}
        />
      )}
      {prompt?.kind === 'unsaved' && (
        <UnsavedChangesDialog
          onCancel={() => setPrompt(null)}
          onReview={() => {
            setPrompt(null);
            editor.review();
          }}
          onDiscard={() => {
            setPrompt(null);
            editor.reset();
            setSelected(prompt.next);
          }}
        />
      )}
      {editor.problem && <CodeValidationDialog problem={editor.problem} saving={editor.saving} onBack={editor.backToEditing} onSaveAnyway={() => editor.save(true)} />}
      {showNoCode && (
        <NoCodeDialog
          onClose={seen}
          onWrite={() => {
            seen();
            editor.edit();
          }}
          onGenerate={() => {
            seen();
            generate.start([{ keyword: step.keyword, text: step.stepName }]);
          }}
          onRecord={() => {
            seen();
            startRecorder({ featurePath });
          }}
        />
      )}
      {generate.generation && <GenerateStepDialog featurePath={featurePath} scenarioName={scenarioName} generation={generate.generation} onClose={generate.close} />}
    </Dialog>
  );
}
