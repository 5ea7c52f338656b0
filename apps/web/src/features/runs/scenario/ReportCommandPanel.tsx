import Stack from '@mui/material/Stack';
import type { Command } from '@stepwise/shared';
import { useState } from 'react';
import { TabBar } from '../../../components/TabBar';
import { CodeBlock } from './CodeBlock';
import { EmptyPanel } from './EmptyPanel';
import { ScreenshotTab } from './ScreenshotTab';

interface Props {
  projectId: string;
  runId: string;
  command: Command;
}

/** A report command: its screenshot and its text, the text tab labelled with the text's type. */
export function ReportCommandPanel({ projectId, runId, command }: Props) {
  const [tab, setTab] = useState('screenshot');
  const textLabel = command.payload?.type ? command.payload.type.toUpperCase() : 'Text';
  const text = command.payload?.content ?? (typeof command.info?.value === 'string' ? command.info.value : command.value);
  return (
    <>
      <TabBar
        ariaLabel="Report output"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'screenshot', label: 'Screenshot' },
          { value: 'text', label: textLabel },
        ]}
      />
      <Stack sx={{ pt: 1.5 }}>
        {tab === 'screenshot' && <ScreenshotTab projectId={projectId} runId={runId} screenshotId={command.screenshotId} alt={command.text} />}
        {tab === 'text' && (text ? <CodeBlock value={text} label={textLabel} /> : <EmptyPanel text="No output to display" />)}
      </Stack>
    </>
  );
}
