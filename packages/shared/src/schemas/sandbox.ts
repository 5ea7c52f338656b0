import { z } from 'zod';

/** GET /api/server/run-sandbox: how this server runs workspace code (step files), for the Settings banner. */
export const RunSandboxResponse = z.object({
  status: z.literal('success'),
  sandbox: z.object({
    /** 'bwrap': inside bubblewrap; 'off': with the server's own rights. */
    mode: z.enum(['bwrap', 'off']),
    /** 'isolated': its own network with only allowed loopback ports; 'host': the server's network. */
    network: z.enum(['isolated', 'host']).nullable(),
    /** What an administrator should know, or null when runs are fully sandboxed. */
    warning: z.string().nullable(),
  }),
});
export type RunSandboxResponse = z.infer<typeof RunSandboxResponse>;
