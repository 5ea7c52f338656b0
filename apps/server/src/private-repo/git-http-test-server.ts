import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** A real Git smart-HTTP server for tests: git's own http-backend (CGI) behind basic authentication. */
export interface GitHttpTestServer {
  /** URL of a repository: `${baseUrl}/${name}.git`. */
  baseUrl: string;
  root: string;
  /** Every Authorization header and URL the server received. */
  seen: Array<{ url: string; authorization: string | undefined }>;
  createRepo(name: string): string;
  close(): Promise<void>;
}

const backend = path.join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export async function startGitHttpServer(username: string, token: string): Promise<GitHttpTestServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-remote-'));
  const expected = `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;
  const seen: GitHttpTestServer['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('Unauthorized');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cgi = spawn(backend, [], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        GATEWAY_INTERFACE: 'CGI/1.1',
        SERVER_PROTOCOL: 'HTTP/1.1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: username,
        REMOTE_ADDR: '127.0.0.1',
        HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
        HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const i = line.indexOf(':');
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
    cgi.on('error', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    root,
    seen,
    createRepo(name: string) {
      const dir = path.join(root, `${name}.git`);
      execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch=main', dir]);
      return dir;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
