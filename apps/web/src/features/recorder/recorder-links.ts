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

/**
 * Custom-protocol link to the desktop client (`stepwise open-link`): every query parameter of the
 * page, plus the access key the client uses and the server it calls (this page's origin).
 */
export function deepLink(mode: RecorderMode, params: URLSearchParams, extra: { accessKey?: string | null; server?: string } = {}): string {
  const qs = new URLSearchParams(params);
  if (extra.accessKey) qs.set('access_key', extra.accessKey);
  if (extra.server && !qs.has('server')) qs.set('server', extra.server);
  const text = qs.toString();
  return `${DEEP_LINK_SCHEME}://${mode}${text ? `?${text}` : ''}`;
}

/** Cloud recorder page with the same parameters (it is signed in: no access key is added). */
export function cloudRecorderLink(mode: RecorderMode, params: URLSearchParams): string {
  const qs = params.toString();
  return `${window.location.origin}/remote-recorder/${mode}${qs ? `?${qs}` : ''}`;
}
