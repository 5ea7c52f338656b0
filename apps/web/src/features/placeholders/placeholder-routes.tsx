import type { RouteObject } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

const page = (title: string, description: string) => <PlaceholderPage title={title} description={description} />;

/** Project areas that are not built yet; each shows its title and an honest empty state. */
export const placeholderRoutes: RouteObject[] = [
  { path: 'ai-oversight', element: page('Code Review', 'Review the step-code fixes proposed by the AI.') },
  { path: 'runs', element: page('Reports', 'Runs of the project and their reports.') },
  { path: 'runs/instructions', element: page('Reports', 'Upload reports from the command line or your CI/CD pipeline.') },
  { path: 'run-report/:runId', element: page('Run Report', 'Scenarios, steps and artefacts of one run.') },
  { path: 'run-report/:runId/:testId', element: page('Run Report', 'Steps, screenshots, console and network of one scenario run.') },
  { path: 'scenario-report/:scenarioId', element: page('Scenario Report', 'History of one scenario across runs.') },
  { path: 'memory', element: page('Memory', 'Application map and what Stepwise learned about your app.') },
];
