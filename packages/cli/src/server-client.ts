import { CliError } from './cli-error.ts';

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

  async uploadReport(projectId: string, ndjson: Buffer, meta: { name?: string; branch?: string; env?: string }): Promise<UploadResult> {
    const q = new URLSearchParams({ projectId, mode: 'local' });
    if (meta.name) q.set('name', meta.name);
    if (meta.branch) q.set('branch', meta.branch);
    if (meta.env) q.set('env', meta.env);
    const res = await this.request(`/api/runs/upload-report?${q}`, {
      method: 'POST',
      body: ndjson,
      contentType: 'application/x-ndjson',
    });
    return (await res.json()) as UploadResult;
  }

  private async request(
    path: string,
    init: { method: string; json?: unknown; body?: Buffer; contentType?: string },
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) {
      headers['content-type'] = init.contentType ?? 'application/octet-stream';
      body = new Uint8Array(init.body);
    }
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, { method: init.method, headers, body: body as string | undefined });
    } catch (err) {
      throw new CliError(`Cannot reach the Stepwise server at ${this.base}: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        /* plain text */
      }
      throw new CliError(`${init.method} ${path.split('?')[0]} failed (${res.status}): ${message || res.statusText}`);
    }
    return res;
  }
}
