import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { ONBOARDING_STEPS, type ProjectDto } from '@stepwise/shared';
import { Link } from 'react-router';
import { trackEvent } from '../../lib/track-event';
import { clientDownloadHref } from '../config/config.api';
import { useAppConfig } from '../config/use-app-config';
import { useAdvanceOnboarding } from '../onboarding/use-onboarding';
import { ChecklistItem } from './ChecklistItem';

interface Props {
  step: number;
  projects: ProjectDto[];
  projectId: string | undefined;
}

export function GetStartedChecklist({ step, projects, projectId }: Props) {
  const advanceOnboarding = useAdvanceOnboarding();
  const config = useAppConfig();
  const hasUrl = projects.some((p) => p.url);
  const recorded = projects.some((p) => p.scenarioCount > 0);

  async function download() {
    window.open(clientDownloadHref(config), '_blank', 'noopener');
    trackEvent('download_editor');
    await advanceOnboarding(ONBOARDING_STEPS.downloaded);
  }

  const recorderHref = projectId ? `/open-recorder/recorder?project_id=${encodeURIComponent(projectId)}&env_name=env.json&git_branch=main` : undefined;
  return (
    <Paper variant="outlined" component="ol" sx={{ listStyle: 'none', m: 0, p: 0, borderRadius: 3 }} aria-label="Get started checklist">
      <ChecklistItem
        index={1}
        title="Download and install the client"
        text="The client records and runs scenarios in a real browser on your computer."
        done={step >= ONBOARDING_STEPS.downloaded}
        action={<Button size="small" onClick={download}>Download</Button>}
      />
      <ChecklistItem index={2} title="Set the application URL" text="Create a project with the address of the web app you want to test." done={hasUrl} />
      <ChecklistItem
        index={3}
        title="Record a scenario"
        text="Click through your app while the recorder writes the Gherkin steps."
        done={recorded}
        action={
          <Button size="small" disabled={!recorderHref} onClick={() => recorderHref && window.open(recorderHref, '_blank')}>
            Record
          </Button>
        }
      />
      <ChecklistItem
        index={4}
        title="Execute a scenario"
        text="Run the scenario and watch every step pass."
        done={false}
        action={
          <Button size="small" disabled={!projectId} component={Link} to={projectId ? `/${projectId}/executions` : '#'}>
            Executions
          </Button>
        }
      />
      <ChecklistItem
        index={5}
        title="View code"
        text="Open the generated step code behind each Gherkin step."
        done={false}
        action={
          <Button size="small" disabled={!projectId} component={Link} to={projectId ? `/${projectId}/features` : '#'}>
            Features
          </Button>
        }
      />
    </Paper>
  );
}
