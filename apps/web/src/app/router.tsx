import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RequireAuth } from './guards/RequireAuth';

// Only the login page is in the first load (see docs/PERFORMANCE.md, bench:web): every other page,
// the signed-in shell and what they use load with the first route that needs them.
const signupPage = async () => ({ Component: (await import('../features/onboarding/SignupPage')).SignupPage });
const invitationPage = async () => ({ Component: (await import('../features/invitations/InvitationPage')).InvitationPage });
const invitationsPage = async () => ({ Component: (await import('../features/invitations/InvitationsPage')).InvitationsPage });
const clientPage = async () => ({ Component: (await import('../features/client/ClientPage')).ClientPage });
const openRecorderPage = async () => ({ Component: (await import('../features/recorder/OpenRecorderPage')).OpenRecorderPage });
const remoteRecorderPage = async () => ({ Component: (await import('../features/recorder/RemoteRecorderPage')).RemoteRecorderPage });
const startPage = async () => ({ Component: (await import('./pages/StartPage')).StartPage });
const appShell = async () => ({ Component: (await import('./shell/AppShell')).AppShell });
const getStartedPage = async () => ({ Component: (await import('../features/home/GetStartedPage')).GetStartedPage });
const projectLayout = async () => ({ Component: (await import('./guards/ProjectLayout')).ProjectLayout });
const settingsPage = async () => ({ Component: (await import('../features/settings/SettingsPage')).SettingsPage });
const integrationsTab = async () => ({ Component: (await import('../features/settings/IntegrationsTab')).IntegrationsTab });
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
const failureGroupsPage = async () => ({ Component: (await import('../features/runs/failure-groups/FailureGroupsPage')).FailureGroupsPage });
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
  { path: 'private-repository', lazy: integrationsTab },
  { path: 'code-cleanup', lazy: codeCleanupTab },
  { path: 'workers', lazy: workersTab },
];

const projectRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', lazy: dashboardPage },
  { path: 'memory', lazy: memoryPage, handle: { fullBleed: true } },
  { path: 'settings', lazy: settingsPage, children: settingsRoutes },
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
  { path: 'runs/failure-groups', lazy: failureGroupsPage },
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
      { path: '/signup', lazy: signupPage },
      { path: '/invitation', lazy: invitationPage },
      { path: '/invitations', lazy: invitationsPage },
      { path: '/open-recorder/:cmd', lazy: openRecorderPage },
      { path: '/client', lazy: clientPage },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', lazy: startPage },
          {
            lazy: appShell,
            children: [
              { path: '/onboarding', lazy: getStartedPage },
              { path: '/home', lazy: getStartedPage },
              { path: '/remote-recorder/:cmd', lazy: remoteRecorderPage, handle: { fullBleed: true } },
              { path: '/:projectId', lazy: projectLayout, children: projectRoutes },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
