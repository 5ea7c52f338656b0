import fs from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { ServerClient } from '../server-client.ts';

export interface UploadArgs {
  file: string;
  project: string;
  name?: string;
  branch: string;
  env?: string;
  server: string;
  token?: string;
}

/** `stepwise upload`: sends an existing Cucumber messages report. */
export async function uploadCommand(args: UploadArgs, out: NodeJS.WritableStream): Promise<number> {
  const client = new ServerClient(args);
  const body = await fs.readFile(args.file).catch(() => {
    throw new CliError(`Cannot read ${args.file}`);
  });
  const result = await client.uploadReport(args.project, body, { name: args.name, branch: args.branch, env: args.env });
  out.write(`Report uploaded: ${args.server.replace(/\/+$/, '')}${result.reportLink}\n`);
  return 0;
}
