/** What the cloud recorder page reads from its query: `/remote-recorder/recorder?project_id=&env_name=&git_branch=&feature_file=`. */
export interface RecorderParams {
  projectId: string | null;
  /** The environment's name (`environments/demo.json` and `demo` both give `demo`); null when none or `env.json`. */
  envName: string | null;
  branch: string;
  /** The feature to preselect when saving, relative to features/ (`shop/cart.feature`), or null. */
  featurePath: string | null;
  /** A session already open (the server's list of a user's sessions links to it): joined instead of starting one. */
  sessionId: string | null;
}

/** `environments/{name}.json`, `environments/{name}` or a bare name; the legacy `env.json` names none. */
export function envNameOf(value: string | null): string | null {
  const v = (value ?? '').trim();
  if (!v || v === 'env.json') return null;
  const name = v.replace(/^\/*environments\//, '').replace(/\.json$/, '');
  return name || null;
}

/** `features/shop/cart.feature` or `shop/cart` give `shop/cart.feature`. */
export function featurePathOf(value: string | null): string | null {
  const v = (value ?? '').trim().replace(/^\/+/, '').replace(/^features\//, '');
  if (!v) return null;
  return v.endsWith('.feature') ? v : `${v}.feature`;
}

export function readRecorderParams(params: URLSearchParams): RecorderParams {
  return {
    projectId: params.get('project_id')?.trim() || null,
    envName: envNameOf(params.get('env_name')),
    branch: params.get('git_branch')?.trim() || 'main',
    featurePath: featurePathOf(params.get('feature_file')),
    sessionId: params.get('session_id')?.trim() || null,
  };
}

/** The page's query for a project, environment, branch and feature (empty values left out). */
export function cloudRecorderPath(p: { projectId: string; envName: string | null; branch: string; featurePath?: string | null }): string {
  const qs = new URLSearchParams({ project_id: p.projectId });
  if (p.envName) qs.set('env_name', `environments/${p.envName}.json`);
  qs.set('git_branch', p.branch);
  if (p.featurePath) qs.set('feature_file', `features/${p.featurePath}`);
  return `/remote-recorder/recorder?${qs.toString()}`;
}
