import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { GetStartedPage } from '../features/home/GetStartedPage';
import { InvitationPage } from '../features/invitations/InvitationPage';
import { InvitationsPage } from '../features/invitations/InvitationsPage';
import { SignupPage } from '../features/onboarding/SignupPage';
import { OpenRecorderPage } from '../features/recorder/OpenRecorderPage';
import { RemoteRecorderPage } from '../features/recorder/RemoteRecorderPage';
import { IntegrationsTab } from '../features/settings/IntegrationsTab';
import { SettingsPage } from '../features/settings/SettingsPage';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { ProjectLayout } from './guards/ProjectLayout';
import { RequireAuth } from './guards/RequireAuth';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { StartPage } from './pages/StartPage';
import { AppShell } from './shell/AppShell';

// The tables pull in the data grid: loaded on first visit of the settings tabs.
const membersTab = async () => ({ Component: (await import('../features/members/MembersTab')).MembersTab });
const accessTokensTab = async () => ({ Component: (await import('../features/access-tokens/AccessTokensTab')).AccessTokensTab });
const newAccessToken = async () => ({ Component: (await import('../features/access-tokens/NewAccessTokenPage')).NewAccessTokenPage });
// The editor (CodeMirror) and the tables load with the pages that use them.
const workersTab = async () => ({ Component: (await import('../features/workers/WorkersTab')).WorkersTab });
const codeCleanupTab = async () => ({ Component: (await import('../features/code-cleanup/UnusedStepsView')).UnusedStepsView });
const featuresPage = async () => ({ Component: (await import('../features/features/FeaturesPage')).FeaturesPage });
const testDataPage = async () => ({ Component: (await import('../features/test-data/TestDataPage')).TestDataPage });
const executionsPage = async () => ({ Component: (await import('../features/executions/list/ExecutionsPage')).ExecutionsPage });
const executionPage = async () => ({ Component: (await import('../features/executions/detail/ExecutionDetailPage')).ExecutionDetailPage });
// Charts and the graph library load with the dashboard and the application map.
const dashboardPage = async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage });
const memoryPage = async () => ({ Component: (await import('../features/memory/MemoryPage')).MemoryPage });
const codeCleanupPage = async () => ({ Component: (await import('../features/code-cleanup/CodeCleanupPage')).CodeCleanupPage });
const runsPage = async () => ({ Component: (await import('../features/runs/list/RunsPage')).RunsPage });
const runsInstructionsPage = async () => ({ Component: (await import('../features/runs/instructions/RunsInstructionsPage')).RunsInstructionsPage });
const runReportPage = async () => ({ Component: (await import('../features/runs/report/RunReportPage')).RunReportPage });
const runScenarioReportPage = async () => ({ Component: (await import('../features/runs/scenario/ScenarioReportPages')).RunScenarioReportPage });
const scenarioReportPage = async () => ({ Component: (await import('../features/runs/scenario/ScenarioReportPages')).ScenarioReportPage });
const codeReviewPage = async () => ({ Component: (await import('../features/code-review/CodeReviewPage')).CodeReviewPage });

const settingsRoutes: RouteObject[] = [
  { index: true, lazy: membersTab },
  { path: 'members', lazy: membersTab },
  { path: 'access-tokens', lazy: accessTokensTab },
  { path: 'new-access-token', lazy: newAccessToken },
  { path: 'private-repository', element: <IntegrationsTab /> },
  { path: 'code-cleanup', lazy: codeCleanupTab },
  { path: 'workers', lazy: workersTab },
];

const projectRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', lazy: dashboardPage },
  { path: 'memory', lazy: memoryPage, handle: { fullBleed: true } },
  { path: 'settings', element: <SettingsPage />, children: settingsRoutes },
  { path: 'features', lazy: featuresPage, handle: { fullBleed: true } },
  {
    path: 'test-data',
    lazy: testDataPage,
    children: [
      { path: 'add', element: null },
      { path: 'edit/:index', element: null },
    ],
  },
  { path: 'code-cleanup', lazy: codeCleanupPage },
  { path: 'executions', lazy: executionsPage },
  { path: 'execution/:execId', lazy: executionPage },
  { path: 'runs', lazy: runsPage },
  { path: 'runs/instructions', lazy: runsInstructionsPage },
  { path: 'run-report/:runId', lazy: runReportPage },
  { path: 'run-report/:runId/:testId', lazy: runScenarioReportPage },
  { path: 'scenario-report/:scenarioId', lazy: scenarioReportPage },
  { path: 'ai-oversight', lazy: codeReviewPage },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/invitation', element: <InvitationPage /> },
      { path: '/invitations', element: <InvitationsPage /> },
      { path: '/open-recorder/:cmd', element: <OpenRecorderPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <StartPage /> },
          {
            element: <AppShell />,
            children: [
              { path: '/onboarding', element: <GetStartedPage /> },
              { path: '/home', element: <GetStartedPage /> },
              { path: '/remote-recorder/:cmd', element: <RemoteRecorderPage />, handle: { fullBleed: true } },
              { path: '/:projectId', element: <ProjectLayout />, children: projectRoutes },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
