import Box from '@mui/material/Box';
import { defaultSelectedCommand, defaultSelectedStep, normaliseStepStatuses, type TestCaseReportDto } from '@stepwise/shared';
import { useMemo, useState } from 'react';
import type { Crumb } from '../../../components/Breadcrumbs';
import { CommentButton } from '../comments/CommentButton';
import { CommentDialog } from '../comments/CommentDialog';
import { LoadError } from '../common/LoadError';
import { RightPanel } from './RightPanel';
import { ScenarioReportHeader } from './ScenarioReportHeader';
import { StepTimeline } from './StepTimeline';
import { ValuesUsedBar } from './ValuesUsedBar';
import { HistoryStrip } from '../history/HistoryStrip';

interface Props {
  projectId: string;
  testCase: TestCaseReportDto | undefined;
  loading: boolean;
  error: unknown;
  crumbs: Crumb[];
  /** Scenarios of a run take a comment. */
  commentable: boolean;
}

/** A scenario's report: header, values used, the step timeline and what the selected step left. */
export function ScenarioReport({ projectId, testCase, loading, error, crumbs, commentable }: Props) {
  const [picked, setPicked] = useState<{ step: number; command: number | null } | null>(null);
  const [commenting, setCommenting] = useState(false);
  const steps = useMemo(() => (testCase ? normaliseStepStatuses(testCase.steps) : null), [testCase]);

  if (!loading && !testCase) return <LoadError error={error} />;

  const stepIndex = picked?.step ?? (steps ? (defaultSelectedStep(steps) ?? -1) : -1);
  const step = steps?.[stepIndex] ?? null;
  const commandIndex = picked?.command ?? (step ? (defaultSelectedCommand(step.commands) ?? -1) : -1);
  const command = step?.commands[commandIndex] ?? null;
  const comment = testCase?.comments[0] ?? null;

  return (
    <>
      <ScenarioReportHeader
        crumbs={crumbs}
        name={testCase?.scenarioName ?? 'Loading...'}
        featureName={testCase?.featureName}
        startTime={testCase?.result.startTime ?? null}
        duration={testCase?.duration ?? null}
        status={testCase?.result.status ?? null}
        stepCount={steps?.length ?? null}
        actions={commentable && testCase ? <CommentButton variant="button" comment={comment} onOpen={() => setCommenting(true)} /> : undefined}
      />
      {testCase && <ValuesUsedBar parameters={testCase.parameters} />}
      {testCase && <HistoryStrip projectId={projectId} testCaseId={testCase.id} />}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(320px, 5fr) minmax(360px, 7fr)', gap: 2, alignItems: 'start' }}>
        <StepTimeline
          steps={steps}
          selected={stepIndex}
          command={commandIndex}
          onSelect={(i) => setPicked({ step: i, command: null })}
          onCommand={(c) => setPicked({ step: stepIndex, command: c })}
        />
        <Box sx={{ position: 'sticky', top: 16 }}>
          <RightPanel projectId={projectId} runId={testCase?.runId ?? ''} step={step} command={command} />
        </Box>
      </Box>
      {commenting && testCase && (
        <CommentDialog runId={testCase.runId} testCaseId={testCase.id} scenarioName={testCase.scenarioName} comment={comment} onClose={() => setCommenting(false)} />
      )}
    </>
  );
}
