import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Command, ReportStep } from '@stepwise/shared';
import { useState } from 'react';
import { TabBar } from '../../../components/TabBar';
import { consoleEntries } from '../logic/console';
import { failingRequests } from '../logic/network';
import { CodeBlock } from './CodeBlock';
import { ConsoleTab } from './ConsoleTab';
import { EmptyPanel } from './EmptyPanel';
import { NetworkTab } from './NetworkTab';
import { ReportCommandPanel } from './ReportCommandPanel';
import { ResponseDataPanel } from './ResponseDataPanel';
import { ScreenshotTab } from './ScreenshotTab';

export const NO_OUTPUT = 'No output to display';

interface Props {
  projectId: string;
  runId: string;
  step: ReportStep | null;
  command: Command | null;
}

function errorStackOf(step: ReportStep, command: Command | null): string | null {
  const fromCommand = command?.info?.errorStack;
  return step.result.errorStack || (typeof fromCommand === 'string' && fromCommand ? fromCommand : null);
}

/** What the selected step (and command) left: screenshot, console, network, stack trace, or a command's own output. */
export function RightPanel({ projectId, runId, step, command }: Props) {
  const [tab, setTab] = useState('screenshot');
  let body;
  if (!step) {
    body = <EmptyPanel text={NO_OUTPUT} />;
  } else if (command?.type === 'api_test') {
    body = <ResponseDataPanel key={`${step.text}:${command.text}`} command={command} />;
  } else if (command?.type === 'bruno') {
    body = <CodeBlock value={step.brunoData ?? command.info ?? null} label="Bruno output" />;
  } else if (command?.type === 'report_command') {
    body = <ReportCommandPanel key={`${step.text}:${command.text}`} projectId={projectId} runId={runId} command={command} />;
  } else {
    const stack = errorStackOf(step, command);
    const current = tab === 'stacktrace' && !stack ? 'screenshot' : tab;
    body = (
      <>
        <TabBar
          ariaLabel="Step output"
          value={current}
          onChange={setTab}
          tabs={[
            { value: 'screenshot', label: 'Screenshot' },
            { value: 'console', label: 'Console', count: consoleEntries(step.webLog).length },
            { value: 'network', label: 'Network', count: failingRequests(step.networkData).length },
            ...(stack ? [{ value: 'stacktrace', label: 'Stacktrace' }] : []),
          ]}
        />
        <Box sx={{ pt: 1.5 }} role="tabpanel" aria-label={current}>
          {current === 'screenshot' && <ScreenshotTab projectId={projectId} runId={runId} screenshotId={command?.screenshotId ?? step.screenshotId} alt={`Screenshot: ${step.text}`} />}
          {current === 'console' && <ConsoleTab entries={step.webLog} />}
          {current === 'network' && <NetworkTab entries={step.networkData} />}
          {current === 'stacktrace' && stack && <CodeBlock value={stack} label="Stack trace" />}
        </Box>
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, minHeight: 360 }} data-testid="right-panel">
      {body}
    </Paper>
  );
}
