import { redactor } from '@stepwise/shared';
import { knownSecrets } from '../security/known-secrets.ts';
import { git, type GitResult } from '../workspace/git.ts';
import { checkRemoteAddress, RemoteLookupError } from './remote-address.ts';

/**
 * Where a project's private repository lives and how to sign in to it (the token in clear, in memory
 * only); `allowPrivateHosts` (ALLOW_PRIVATE_GIT_HOSTS) lets it be on a loopback, link-local or private address.
 */
export interface RemoteCredentials {
  url: string;
  username: string;
  token: string;
  allowPrivateHosts: boolean;
}

/** A failed remote operation; its message never holds the credentials. */
export class RemoteGitError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

const MAX_URL = 2048;

/** True for an http(s) URL without credentials, spaces or control characters: the only remotes we talk to. */
export function isValidRemoteUrl(url: string): boolean {
  if (url.length > MAX_URL || /[\s\p{Cc}]/u.test(url)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password && !u.hash;
  } catch {
    return false;
  }
}

/**
 * Git configuration given through the environment (GIT_CONFIG_COUNT/KEY/VALUE): the token travels
 * as an HTTP Authorization header, never in the URL, on the command line or in a config file; no
 * global config, credential helper or prompt is consulted; redirects are not followed (they could
 * carry the header to another host); only http and https transports are allowed.
 */
function remoteEnv(c: RemoteCredentials, resolve: string | null): Record<string, string> {
  const basic = Buffer.from(`${c.username}:${c.token}`, 'utf8').toString('base64');
  const config: Array<[string, string]> = [
    ['http.extraHeader', `Authorization: Basic ${basic}`],
    ['http.followRedirects', 'false'],
    ['credential.helper', ''],
    ['core.askPass', ''],
  ];
  if (resolve) config.push(['http.curloptResolve', resolve]);
  const env: Record<string, string> = {
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ALLOW_PROTOCOL: 'http:https',
    GIT_HTTP_LOW_SPEED_LIMIT: '1000',
    GIT_HTTP_LOW_SPEED_TIME: '60',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/**
 * Removes anything credential-like from git's output before it is logged or thrown: the token in
 * any of its forms (base64 alone or inside `Basic base64(user:token)`, URL-encoded, hex, ...) and
 * whatever follows an Authorization header's scheme.
 */
export function scrub(text: string, c: RemoteCredentials): string {
  return redactor([c.token])(text).replace(/(authorization:\s*\w+\s+)\S+/gi, '$1***');
}

/**
 * Runs a git command that talks to the remote; fails with a scrubbed RemoteGitError unless
 * `allowFailure`, and with a RemoteAddressError, before git runs, when the remote is on an address
 * this server may not reach.
 */
async function remoteGit(args: string[], c: RemoteCredentials, gitDir?: string, allowFailure = false): Promise<GitResult> {
  knownSecrets.add([c.token]);
  let resolve: string | null = null;
  if (!c.allowPrivateHosts) {
    try {
      resolve = await checkRemoteAddress(c.url);
    } catch (err) {
      // git's own exit code for a host it cannot resolve.
      if (err instanceof RemoteLookupError) throw new RemoteGitError(err.message, 128);
      throw err;
    }
  }
  const result = await git(args, { gitDir, env: remoteEnv(c, resolve), allowFailure: true });
  if (result.code !== 0 && !allowFailure) {
    const detail = scrub(result.stderr.trim().split('\n').filter((l) => !l.startsWith('hint:')).slice(-3).join(' | '), c);
    throw new RemoteGitError(`git ${args[0]} failed (${result.code}): ${detail}`, result.code);
  }
  return result;
}

/** The remote's branches (name -> commit); throws when the URL or the credentials are wrong. */
export async function listRemoteBranches(c: RemoteCredentials): Promise<Map<string, string>> {
  const { stdout } = await remoteGit(['ls-remote', '--heads', '--end-of-options', c.url], c);
  const heads = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const [oid, ref] = line.split('\t');
    if (oid && ref?.startsWith('refs/heads/')) heads.set(ref.slice('refs/heads/'.length), oid);
  }
  return heads;
}

export const TRACKING_PREFIX = 'refs/remotes/origin/';

/** Fetches every remote branch into refs/remotes/origin/* of the bare repository (pruning deleted ones). */
export async function fetchRemote(gitDir: string, c: RemoteCredentials): Promise<void> {
  await remoteGit(['fetch', '--no-tags', '--prune', '--quiet', '--end-of-options', c.url, `+refs/heads/*:${TRACKING_PREFIX}*`], c, gitDir);
}

/** Pushes branches (fast-forward only); returns those the remote rejected because it has other commits. */
export async function pushBranches(gitDir: string, c: RemoteCredentials, branches: string[]): Promise<string[]> {
  if (branches.length === 0) return [];
  const refspecs = branches.map((b) => `refs/heads/${b}:refs/heads/${b}`);
  const result = await remoteGit(['push', '--porcelain', '--end-of-options', c.url, ...refspecs], c, gitDir, true);
  // Porcelain lines: "<flag>\t<from>:<to>\t<summary>"; '!' marks a rejected ref.
  const rejected = result.stdout
    .split('\n')
    .filter((l) => l.startsWith('!\t'))
    .map((l) => l.split('\t')[1]?.split(':')[1]?.replace(/^refs\/heads\//, ''))
    .filter((b): b is string => !!b);
  if (result.code !== 0 && rejected.length === 0) {
    const detail = scrub(result.stderr.trim().split('\n').filter((l) => !l.startsWith('hint:')).slice(-3).join(' | '), c);
    throw new RemoteGitError(`git push failed (${result.code}): ${detail}`, result.code);
  }
  return rejected;
}

/**
 * Deletes `branch` on the remote if it still points at `expected` (`--force-with-lease`, so commits
 * pushed there meanwhile are not thrown away): 'rejected' when the remote moved or has no such
 * branch any more. `branch` must be a valid branch name.
 */
export async function deleteRemoteBranch(gitDir: string, c: RemoteCredentials, branch: string, expected: string): Promise<'deleted' | 'rejected'> {
  const ref = `refs/heads/${branch}`;
  const result = await remoteGit(['push', '--porcelain', '--delete', `--force-with-lease=${ref}:${expected}`, '--end-of-options', c.url, ref], c, gitDir, true);
  // Porcelain lines: "<flag>\t<from>:<to>\t<summary>"; '-' a deleted ref, '!' a rejected one.
  const line = result.stdout.split('\n').find((l) => l.split('\t')[1]?.endsWith(`:${ref}`));
  if (line?.startsWith('-\t')) return 'deleted';
  if (line?.startsWith('!\t')) return 'rejected';
  const detail = scrub(result.stderr.trim().split('\n').filter((l) => !l.startsWith('hint:')).slice(-3).join(' | '), c);
  throw new RemoteGitError(`git push failed (${result.code}): ${detail}`, result.code);
}
