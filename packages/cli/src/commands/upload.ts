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

/** `stepwise upload`: sends an existing Cucumber messages report; its progress goes to `progressOut`. */
export async function uploadCommand(args: UploadArgs, out: NodeJS.WritableStream, progressOut: NodeJS.WritableStream = process.stderr): Promise<number> {
  const client = new ServerClient(args);
  const result = await client.uploadReport(args.project, args.file, { name: args.name, branch: args.branch, env: args.env }, progressOut);
  out.write(`Report uploaded: ${args.server.replace(/\/+$/, '')}${result.reportLink}\n`);
  return 0;
}
