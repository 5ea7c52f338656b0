import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';

function Command({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
      <Box component="pre" sx={{ m: 0, flex: 1, p: 1.5, bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}>
        {text}
      </Box>
      <CopyButton text={text} ariaLabel={`Copy: ${text}`} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /:projectId/runs/instructions: how to run and upload reports with the command line. */
export function RunsInstructionsPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <Breadcrumbs items={[{ title: 'Reports', href: `/${projectId}/runs` }, { title: 'Instructions' }]} />
      <PageHeader title="Upload reports" subtitle="Run your scenarios from a terminal or a CI/CD pipeline; the report appears under Reports." />
      <Section title="1. Create an access key">
        <Typography color="text.secondary">
          In Settings, Access tokens, create a key for this project and keep it in the STEPWISE_TOKEN environment variable (a CI secret).
        </Typography>
        <Command text="export STEPWISE_TOKEN=<your access key>" />
      </Section>
      <Section title="2. Run the project's scenarios and upload the run">
        <Typography color="text.secondary">Fetches the features of the project, runs them in Chromium and uploads the report.</Typography>
        <Command text={`npx stepwise run --project ${projectId} --env <environment> --tags @smoke`} />
      </Section>
      <Section title="3. Or upload a report made elsewhere">
        <Typography color="text.secondary">Any Cucumber messages report (NDJSON), from this tool or another Cucumber implementation.</Typography>
        <Command text={`npx stepwise upload report.ndjson --project ${projectId}`} />
      </Section>
    </>
  );
}
