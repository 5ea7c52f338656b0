import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { RECORDER_MESSAGES, RECORDER_VIEWPORTS, type ProjectDto, type RecordedStep, type RecorderCommand } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast/toast-context';
import { fetchFeatureList } from '../../features/features.api';
import type { WorkspaceRef } from '../../workspace/use-workspace';
import { wsKeys } from '../../workspace/workspace-keys';
import { AssertTextDialog } from './AssertTextDialog';
import { type AssertKind, BrowserToolbar } from './BrowserToolbar';
import { EnvironmentChooser } from './EnvironmentChooser';
import { RecordedStepsPanel } from './RecordedStepsPanel';
import { RecorderCanvas } from './RecorderCanvas';
import type { RecorderParams } from './recorder-params';
import { SaveRecordingDialog } from './SaveRecordingDialog';
import { SessionOverlay } from './SessionOverlay';
import { applyEdits, deleteStep, editText, type StepEdits } from './step-edits';
import { useRecorderSession } from './use-recorder-session';
import { useSaveRecording } from './use-save-recording';

type Dialog = 'assertText' | 'save' | 'discard' | null;

/** The cloud recorder of one project, environment and branch: the streamed browser, the recorded steps, Stop & Save. */
export function CloudRecorder({ project, params }: { project: ProjectDto; params: RecorderParams }) {
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const toast = useToast();
  const { envName, branch } = params;
  const ws: WorkspaceRef = useMemo(() => ({ projectId: project._id, branch, isPrivateRepo: project.privateRepo }), [project._id, project.privateRepo, branch]);
  const [viewport, setViewport] = useState<{ width: number; height: number }>({ width: RECORDER_VIEWPORTS[0].width, height: RECORDER_VIEWPORTS[0].height });
  const session = useRecorderSession({ projectId: ws.projectId, envName, branch, viewport, joinSessionId: params.sessionId });
  // A session joined from a link is not started again: Retry starts a new one.
  const retry = () => (params.sessionId ? setSearch((q) => withoutKey(q, 'session_id'), { replace: true }) : session.retry());
  const [edited, setEdited] = useState<{ sessionId: string | null; edits: StepEdits }>({ sessionId: null, edits: {} });
  const edits = edited.sessionId === session.sessionId ? edited.edits : {};
  const steps = useMemo(() => applyEdits(session.steps, edits), [session.steps, edits]);
  const [picking, setPicking] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const features = useQuery({ queryKey: wsKeys.features(ws.projectId, ws.branch), queryFn: () => fetchFeatureList(ws) });
  const save = useSaveRecording(ws, envName ?? '', () => session.finish(true));
  const { phase } = session;
  const live = phase.kind === 'live';

  const setEdits = (fn: (e: StepEdits) => StepEdits) => setEdited({ sessionId: session.sessionId, edits: fn(edits) });
  const run = useCallback(
    async (cmd: RecorderCommand) => {
      const res = await session.command(cmd);
      if (!res.ok) toast.error(res.error || 'The recorder could not do that.');
    },
    [session, toast],
  );

  useEffect(() => {
    if (!picking) return;
    const cancel = (e: KeyboardEvent) => e.key === 'Escape' && setPicking(false);
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [picking]);

  const assert = (kind: AssertKind) => {
    if (kind === 'text') setDialog('assertText');
    else if (kind === 'visible') setPicking(true);
    else void run({ type: 'assertUrl' });
  };

  if (!envName) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }}>
        <RecorderHeading project={project} envName={null} branch={branch} />
        <EnvironmentChooser workspace={ws} onChoose={(name) => setSearch((q) => ({ ...Object.fromEntries(q), env_name: `environments/${name}.json` }), { replace: true })} />
      </Box>
    );
  }

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: 2, gap: 1.5, minHeight: 0 }}>
      <RecorderHeading
        project={project}
        envName={envName}
        branch={branch}
        actions={
          <>
            <Button color="inherit" onClick={() => setDialog('discard')} disabled={phase.kind === 'closed'}>
              Discard
            </Button>
            <Tooltip title={steps.length === 0 ? RECORDER_MESSAGES.nothingRecorded : ''}>
              <span>
                <Button variant="contained" onClick={() => setDialog('save')} disabled={steps.length === 0 || phase.kind === 'closed'}>
                  Stop &amp; Save
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />
      <Stack direction="row" spacing={2} sx={{ flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
          <BrowserToolbar
            url={session.page?.url ?? ''}
            viewport={session.page?.viewport ?? viewport}
            disabled={!live}
            onNavigate={(url) => run({ type: 'navigate', url })}
            onBack={() => run({ type: 'back' })}
            onReload={() => run({ type: 'reload' })}
            onViewport={(size) => {
              setViewport(size);
              void run({ type: 'viewport', ...size });
            }}
            onAssert={assert}
          />
          {picking && (
            <Alert severity="info" sx={{ borderRadius: 0 }} action={<Button color="inherit" size="small" onClick={() => setPicking(false)}>Cancel</Button>}>
              Click the element that must be visible (Esc cancels).
            </Alert>
          )}
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', p: 2, bgcolor: 'grey.100' }}>
            <RecorderCanvas
              key={session.sessionId ?? 'none'}
              subscribeFrames={session.subscribeFrames}
              sendInput={session.sendInput}
              active={live}
              picking={picking}
              onPick={(p) => {
                setPicking(false);
                void run({ type: 'assertVisible', ...p });
              }}
              overlay={live || phase.kind === 'idle' || phase.kind === 'closed' ? null : <SessionOverlay phase={phase} envName={envName} hasSteps={steps.length > 0} onRetry={retry} />}
            />
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ width: 380, flexShrink: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Recorded steps
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="recorded-step-count">
              {steps.length}
            </Typography>
          </Stack>
          <RecordedStepsPanel
            steps={steps}
            onEdit={(step: RecordedStep, text: string) => {
              const recorded = session.steps.find((s) => s.id === step.id)?.text ?? step.text;
              setEdits((e) => editText(e, step, recorded, text));
            }}
            onDelete={(step) => setEdits((e) => deleteStep(e, step.id))}
          />
        </Paper>
      </Stack>
      {dialog === 'assertText' && (
        <AssertTextDialog
          onClose={() => setDialog(null)}
          onAssert={(text) => {
            setDialog(null);
            void run({ type: 'assertText', text });
          }}
        />
      )}
      {dialog === 'save' && (
        <SaveRecordingDialog
          tree={features.data?.foldersAndFeatures ?? []}
          featurePath={params.featurePath}
          stepCount={steps.length}
          saving={save.isPending}
          error={save.error ? errorText(save.error, RECORDER_MESSAGES.saveFailed) : null}
          onClose={() => {
            save.reset();
            setDialog(null);
          }}
          onSave={(target) => save.mutate({ ...target, steps, sessionId: phase.kind === 'ended' ? null : session.sessionId })}
        />
      )}
      <ConfirmDialog
        open={dialog === 'discard'}
        title="Discard the recording?"
        message="The browser session is closed and the recorded steps are lost."
        confirmText="Discard"
        destructive
        onClose={() => setDialog(null)}
        onConfirm={() => {
          session.finish(false);
          navigate(`/${ws.projectId}/features`);
          return true;
        }}
      />
    </Box>
  );
}

function withoutKey(q: URLSearchParams, key: string): URLSearchParams {
  const next = new URLSearchParams(q);
  next.delete(key);
  return next;
}

function RecorderHeading({ project, envName, branch, actions }: { project: ProjectDto; envName: string | null; branch: string; actions?: React.ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: envName ? 0 : 3 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          Cloud recorder
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[project.name, envName && `environment ${envName}`, `branch ${branch}`].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {actions && <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>{actions}</Stack>}
    </Stack>
  );
}
