import type { z } from 'zod';
import { RECORDED_STEPS_FILE } from '@stepwise/recorder';
import { DEFAULT_TAG, PushScenarioBody, RECORDER_MESSAGES, WS_MSG, type RecorderSaveBody, type RecorderSaveResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { commitChange } from '../environments/workspace-io.ts';
import { findEnvironment } from '../execution-runs/run-inputs.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { recordUsageEvent } from '../logs/logs.service.ts';
import { loadStepWorkspace } from '../steps/step-workspace.ts';
import { TEST_DATA_FILE } from '../test-data/test-data-file.ts';
import type { FileChange } from '../workspace/git-repo.ts';
import { featureFileName, featureFolder, requireFolder } from '../workspace/feature-paths.ts';
import { pushScenario } from '../workspace/push-scenario.service.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import { scenarioGherkin } from '../ai/plain-english.ts';
import { addRecordedSecrets } from './recorded-secrets.ts';
import { addRecordedSteps } from './recorded-steps-file.ts';
import { recorderSessions } from './recorder-sessions.ts';

type Body = z.infer<typeof RecorderSaveBody>;

/**
 * Publishes a recorded scenario: the code of each step no existing definition has goes to
 * steps/recorded.mjs and the passwords typed (a cloud session's, kept on the server, or those the
 * local recorder sends) become secret test data of the environment, in one commit; then the
 * scenario goes through the normal write path (membership, licence, scenario cap, unique names),
 * the project's clients hear `publish_scenario`, and the cloud session is closed.
 */
export async function saveRecording(ctx: AppContext, auth: AuthContext, body: Body): Promise<RecorderSaveResponse> {
  const writer = workspaceServices(ctx).writer;
  const scope = await writer.scope(auth, body.project_id);
  const { project } = scope.access;
  if (body.branch === 'main' && project.scenario_count >= project.max_scenarios_allowed) throw forbidden(WS_MSG.upgradeRequired);
  if (/[\r\n]/.test(body.scenario_name) || body.steps.some((s) => /[\r\n]/.test(s.text))) throw badRequest('A scenario name or step text cannot hold a line break');
  const session = body.session_id ? recorderSessions(ctx).owned(body.session_id, auth.user.id) : null;
  if (body.session_id && (!session || session.target.projectId !== body.project_id)) throw notFound(RECORDER_MESSAGES.sessionNotFound);
  const secrets = session ? session.secrets : (body.secrets ?? []);
  // The scenario's own checks (feature name, folder) before anything is written.
  const parsed = PushScenarioBody.safeParse({
    projectId: body.project_id,
    branch: body.branch,
    isPrivateRepo: body.isPrivateRepo,
    name: body.feature_name,
    parentPath: body.parent_path,
    data: scenarioGherkin(body.scenario_name, body.steps, [DEFAULT_TAG]),
    scenarioIndex: null,
    featureIndex: null,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? RECORDER_MESSAGES.saveFailed);
  const push = parsed.data;
  const folder = featureFolder(push.parentPath);
  featureFileName(push.name);

  const repo = ctx.workspaces.repo(body.project_id);
  await commitChange(ctx, body.project_id, body.branch, auth.user, `record steps for '${body.scenario_name}'`, async (_repo, head) => {
    if (!(await findEnvironment(repo, head, body.env_name))) throw notFound(WS_MSG.envNotFound);
    await requireFolder(repo, head, folder);
    const changes: FileChange[] = [];
    const ws = await loadStepWorkspace(repo, head);
    const steps = addRecordedSteps(await repo.readFile(head, RECORDED_STEPS_FILE), body.steps, ws.matcher);
    if (steps !== null) changes.push({ path: RECORDED_STEPS_FILE, content: steps });
    const data = addRecordedSecrets(await repo.readFile(head, TEST_DATA_FILE), secrets, body.env_name, ctx.secrets);
    if (data !== null) changes.push({ path: TEST_DATA_FILE, content: data });
    return changes;
  });

  const saved = await pushScenario(ctx, writer, auth, push);
  for (const event of ['record_scenario', 'publish_scenario']) {
    await recordUsageEvent(ctx, auth.user.id, body.project_id, event).catch((err) => ctx.log.warn({ err }, 'usage event not stored'));
  }
  session?.end(RECORDER_MESSAGES.saved);
  return { status: 'success', message: RECORDER_MESSAGES.saved, path: saved.path ?? '', scenarioIndex: saved.scenarioIndex, scenarioName: saved.scenarioName, commit: saved.commit };
}
