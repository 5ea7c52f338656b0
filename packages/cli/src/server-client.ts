import fs from 'node:fs';
import path from 'node:path';
import type { RepairAnswer, RepairRequest } from '@stepwise/runner';
import type { RecorderSaveBodyInput, RecorderSaveResponse } from '@stepwise/shared';
import { CliError } from './cli-error.ts';
import { postFile, type PostedFile } from './file-upload.ts';
import { UploadProgress } from './upload-progress.ts';

export interface ServerOptions {
  server: string;
  token?: string;
}

export interface RunContext {
  environment: { name: string; baseUrl: string };
  testData: Record<string, string>;
  storedUsers: Record<string, { username: string; password: string; totpSecret?: string | null }>;
  npmrc: string | null;
  /** Secret values (sealed test data, stored users' passwords, registry tokens) to keep out of output and reports. */
  redactions?: string[];
  /** Scenarios quarantined by flag (scenarioIdentity of @stepwise/shared); older servers send none. */
  quarantined?: string[];
}

export interface UploadResult {
  runId: string;
  reportLink: string;
}

/** The calls the command line makes, authenticated with a project access key. */
export class ServerClient {
  private readonly base: string;
  private readonly token: string;

  constructor(opts: ServerOptions) {
    if (!opts.token) throw new CliError('An access key is needed: pass --token or set STEPWISE_TOKEN');
    this.base = opts.server.replace(/\/+$/, '');
    this.token = opts.token;
  }

  /** The branch's files as a tar archive. */
  async archive(projectId: string, branch: string): Promise<Buffer> {
    const q = new URLSearchParams({ projectId, branch });
    const res = await this.request(`/api/cli/workspace-archive?${q}`, { method: 'GET' });
    return Buffer.from(await res.arrayBuffer());
  }

  /** Environment, test data and stored users for a run of the project. */
  async runContext(projectId: string, branch: string, env: string | undefined): Promise<RunContext> {
    const res = await this.request('/api/cli/run-context', { method: 'POST', json: { projectId, branch, env } });
    return (await res.json()) as RunContext;
  }

  /** AI recovery of a local run: the project's AI repairs a step's locator from the page the run saw. */
  async repairLocator(projectId: string, request: RepairRequest): Promise<RepairAnswer> {
    const res = await this.request('/api/cli/ai-repair', { method: 'POST', json: { projectId, ...request } });
    return ((await res.json()) as { answer: RepairAnswer }).answer;
  }

  /** Publishes a recorded scenario (its step code, secrets as test data, the scenario) on a branch. */
  async saveRecording(body: RecorderSaveBodyInput): Promise<RecorderSaveResponse> {
    const res = await this.request('/api/recorder/save', { method: 'POST', json: body });
    return (await res.json()) as RecorderSaveResponse;
  }

  /**
   * Sends a Cucumber messages report from its file, streamed (a report may be hundreds of MB), with
   * its progress written to `progressOut` when given.
   */
  async uploadReport(
    projectId: string,
    file: string,
    meta: { name?: string; branch?: string; env?: string },
    progressOut?: NodeJS.WritableStream,
  ): Promise<UploadResult> {
    const q = new URLSearchParams({ projectId, mode: 'local' });
    if (meta.name) q.set('name', meta.name);
    if (meta.branch) q.set('branch', meta.branch);
    if (meta.env) q.set('env', meta.env);
    let size: number;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      throw new CliError(`Cannot read ${file}`);
    }
    const progress = progressOut ? new UploadProgress(progressOut, path.basename(file), size) : null;
    const route = `/api/runs/upload-report?${q}`;
    let answer: PostedFile;
    if (size === 0) progress?.sent();
    try {
      answer = await postFile(`${this.base}${route}`, { authorization: `Bearer ${this.token}`, 'content-type': 'application/x-ndjson' }, file, size, (sent) => {
        progress?.update(sent);
        if (sent >= size) progress?.sent();
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).path === file) throw new CliError(`Cannot read ${file}`);
      throw new CliError(`Cannot reach the Stepwise server at ${this.base}: ${(err as Error).message}`);
    }
    if (answer.status < 200 || answer.status > 299) throw failure('POST', route, answer.status, answer.text, answer.statusText);
    return JSON.parse(answer.text) as UploadResult;
  }

  private async request(
    path: string,
    init: { method: string; json?: unknown },
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, { method: init.method, headers, body });
    } catch (err) {
      throw new CliError(`Cannot reach the Stepwise server at ${this.base}: ${(err as Error).message}`);
    }
    if (!res.ok) throw failure(init.method, path, res.status, await res.text().catch(() => ''), res.statusText);
    return res;
  }
}

/** A refused call: its route and status, and the server's error message (or its text). */
function failure(method: string, route: string, status: number, text: string, statusText: string): CliError {
  let message = text;
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    /* plain text */
  }
  return new CliError(`${method} ${route.split('?')[0]} failed (${status}): ${message || statusText}`);
}
