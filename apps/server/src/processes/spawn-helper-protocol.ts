/** Messages between the server (spawn-helper.ts) and its spawn helper (spawn-helper-child.ts). */
export type HelperRequest =
  | { t: 'spawn'; id: number; file: string; args: string[]; cwd?: string; env: Record<string, string>; stdin: boolean }
  | { t: 'in'; id: number; data: Uint8Array }
  | { t: 'end'; id: number }
  | { t: 'kill'; id: number; signal: NodeJS.Signals };

export type HelperReply =
  | { t: 'pid'; id: number; pid: number }
  | { t: 'out' | 'err'; id: number; data: Uint8Array }
  | { t: 'error'; id: number; message: string; code?: string }
  | { t: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };
