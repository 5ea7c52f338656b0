import { DEEP_LINK_SCHEME, RECORDER_MODES, type RecorderMode } from '../../lib/web-constants';

export const RECORDER_PARAMS = [
  'project_id', 'git_branch', 'feature_file', 'scenario_name', 'env_name', 'continue', 'fromMainApp', 'steps_to_learn',
  'step_index', 'stepSource', 'env', 'aws_file', 'file_path', 'access_key', 'uuid', 'newUser',
] as const;

export const MODE_LABELS: Record<RecorderMode, string> = {
  recorder: 'Record a scenario',
  execute: 'Execute scenarios',
  ai_learn: 'Teach the AI new steps',
  open_vscode: 'Open in your editor',
  apitest: 'Test an API',
};

export function isRecorderMode(value: string | undefined): value is RecorderMode {
  return !!value && (RECORDER_MODES as readonly string[]).includes(value);
}

/** Custom-protocol link to the desktop client, carrying every query parameter. */
export function deepLink(mode: RecorderMode, params: URLSearchParams): string {
  const qs = params.toString();
  return `${DEEP_LINK_SCHEME}://${mode}${qs ? `?${qs}` : ''}`;
}

/** Cloud recorder page with the same parameters. */
export function cloudRecorderLink(mode: RecorderMode, params: URLSearchParams): string {
  const qs = params.toString();
  return `${window.location.origin}/remote-recorder/${mode}${qs ? `?${qs}` : ''}`;
}
