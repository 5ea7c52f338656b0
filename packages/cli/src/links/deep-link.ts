import { CliError } from '../cli-error.ts';

/** The scheme of the links the web app's launch page (/open-recorder/:cmd) hands to this command line. */
export const LINK_SCHEME = 'stepwise';
export const LINK_MODES = ['recorder', 'execute', 'ai_learn', 'open_vscode', 'apitest'] as const;
export type LinkMode = (typeof LINK_MODES)[number];

/** A `stepwise://<mode>?<params>` link, read. Every query parameter is kept in `params`. */
export interface DeepLink {
  mode: LinkMode;
  /** The Stepwise server the link comes from (`server`, added by the launch page). */
  server?: string;
  accessKey?: string;
  projectId?: string;
  branch: string;
  /** The environment's name (`env_name` as environments/{name}.json or {name}, else `env`). */
  envName?: string;
  /** A feature path relative to the workspace (features/...). */
  featureFile?: string;
  scenarioName?: string;
  /** A file of the workspace to open (open_vscode). */
  filePath?: string;
  params: Record<string, string>;
}

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads a deep link. Browsers and desktops hand it over in slightly different shapes
 * (`stepwise://recorder?..`, `stepwise://recorder/?..`, `stepwise:recorder?..`): all are accepted.
 */
export function parseDeepLink(link: string): DeepLink {
  const text = link.trim();
  const m = /^([a-z][a-z0-9+.-]*):(?:\/\/)?([^/?#]*)\/?(?:\?([^#]*))?(?:#.*)?$/i.exec(text);
  if (!m || m[1].toLowerCase() !== LINK_SCHEME) throw new CliError(`Not a ${LINK_SCHEME}:// link: ${shorten(text)}`);
  const mode = m[2].toLowerCase();
  if (!(LINK_MODES as readonly string[]).includes(mode)) {
    throw new CliError(`Unknown link mode "${shorten(m[2])}": expected one of ${LINK_MODES.join(', ')}`);
  }
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(m[3] ?? '')) params[key] = value;
  const projectId = params.project_id || undefined;
  if (projectId && !PROJECT_ID.test(projectId)) throw new CliError(`The link's project_id is not a project id: ${shorten(projectId)}`);
  return {
    mode: mode as LinkMode,
    server: params.server ? serverUrl(params.server) : undefined,
    accessKey: params.access_key || undefined,
    projectId,
    branch: params.git_branch || 'main',
    envName: environmentName(params.env_name, params.env),
    featureFile: params.feature_file ? workspacePath(params.feature_file, 'feature_file', 'features/') : undefined,
    scenarioName: params.scenario_name?.trim() || undefined,
    filePath: params.file_path ? workspacePath(params.file_path, 'file_path') : undefined,
    params,
  };
}

/** `environments/dev.json`, `environments/dev` or `dev` -> `dev`; the legacy single `env.json` names none (then `env` does). */
export function environmentName(envName: string | undefined, env?: string): string | undefined {
  const fromFile = (envName ?? '').trim().replace(/^\.?\/?environments\//, '').replace(/\.json$/i, '');
  const legacy = /^(\.?\/)?env\.json$/i.test((envName ?? '').trim());
  const name = legacy || !fromFile ? (env ?? '').trim() : fromFile;
  if (!name) return undefined;
  if (name.includes('/') || name.includes('\\') || name.length > 200) throw new CliError(`The link's environment is not an environment name: ${shorten(name)}`);
  return name;
}

/** A path inside the workspace: relative, no `..`, forward slashes; `prefix` added when missing. */
export function workspacePath(value: string, what: string, prefix = ''): string {
  const p = value.trim().replace(/\\/g, '/').replace(/^\.\//, '');
  if (!p || p.startsWith('/') || /^[a-z]:/i.test(p) || p.split('/').some((part) => part === '..') || p.includes('\0')) {
    throw new CliError(`The link's ${what} is not a path inside the workspace: ${shorten(value)}`);
  }
  return prefix && !p.startsWith(prefix) ? `${prefix}${p}` : p;
}

function serverUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`The link's server is not a URL: ${shorten(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`The link's server must be an http(s) address: ${shorten(value)}`);
  return url.origin;
}

/** The same link with its access key masked, to show it. */
export function maskedLink(link: string): string {
  return link.replace(/(access_key=)[^&#]*/gi, '$1***');
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
