// Runs every method of the offline AI provider with the requests given on stdin (JSON) and prints
// what they answered and every network attempt made meanwhile (JSON on stdout). Started by
// offline-no-network.test.ts inside a network namespace of its own. The hooks that record attempts are
// installed before any of the provider's code loads (it is imported afterwards, dynamically).
// --inject-network-call: one fetch from inside generateStep, as a provider that called out would make.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
// Types only: erased, nothing of the provider loads before the hooks.
import type { FailureEvidence, IdeasRequest, LocatorRepairRequest, StepCodeRequest, StepUpdateRequest } from './ai-types.ts';

interface Attempt {
  kind: string;
  target: string;
}
const attempts: Attempt[] = [];
const describeTarget = (args: unknown[]): string => {
  const [first, second] = args;
  if (typeof first === 'string' || first instanceof URL) return String(first);
  if (Array.isArray(first)) return describeTarget(first);
  if (first && typeof first === 'object') {
    const o = first as { host?: string; hostname?: string; port?: unknown; path?: string; href?: string; url?: string };
    return o.href ?? o.url ?? (o.path && !o.host && !o.hostname ? o.path : `${o.hostname ?? o.host ?? '?'}:${String(o.port ?? '')}`);
  }
  return typeof first === 'number' ? `${String(second ?? 'localhost')}:${first}` : String(first);
};

/** Replaces `owner[name]` with a function that records the call, then does what the original did. */
function hook(owner: object, name: string, kind: string): void {
  const target = owner as Record<string, unknown>;
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = function recorded(this: unknown, ...args: unknown[]) {
    attempts.push({ kind, target: describeTarget(args) });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
}

hook(net.Socket.prototype, 'connect', 'net.Socket.connect');
for (const name of ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveTxt', 'resolveSrv', 'resolveNs', 'reverse']) {
  hook(dns, name, `dns.${name}`);
  hook(dns.promises, name, `dns.promises.${name}`);
}
hook(dns.Resolver.prototype, 'resolve', 'dns.Resolver.resolve');
hook(dns.promises.Resolver.prototype, 'resolve', 'dns.promises.Resolver.resolve');
hook(http, 'request', 'http.request');
hook(http, 'get', 'http.get');
hook(https, 'request', 'https.request');
hook(https, 'get', 'https.get');
hook(tls, 'connect', 'tls.connect');
hook(net, 'connect', 'net.connect');
hook(net, 'createConnection', 'net.createConnection');
hook(globalThis, 'fetch', 'fetch');
// `import { request } from 'node:http'` in code loaded from now on sees the recorded functions too.
syncBuiltinESMExports();

const inject = process.argv.includes('--inject-network-call');
const input = JSON.parse(await readStdin()) as Record<string, unknown>;
const { OfflineProvider } = await import('./ai-provider.ts');
const provider = new OfflineProvider();
if (inject) {
  const generate = provider.generateStep.bind(provider);
  provider.generateStep = async (req) => {
    await fetch('https://api.openai.com/v1/models', { signal: AbortSignal.timeout(5000) }).catch(() => null);
    return generate(req);
  };
}

const results: Record<string, unknown> = {};
const run = async (name: string, call: () => Promise<unknown>) => {
  try {
    results[name] = { ok: true, value: await call() };
  } catch (err) {
    results[name] = { ok: false, error: (err as Error)?.stack ?? String(err) };
  }
};
for (const [i, req] of (input.generateStep as StepCodeRequest[]).entries()) await run(`generateStep.${i}`, () => provider.generateStep(req));
await run('analyseFailure', () => provider.analyseFailure(input.analyseFailure as FailureEvidence));
await run('ideas', () => provider.ideas(input.ideas as IdeasRequest));
await run('updateStepCode', () => provider.updateStepCode(input.updateStepCode as StepUpdateRequest));
await run('repairLocator', () => provider.repairLocator(input.repairLocator as LocatorRepairRequest));

const interfaces = Object.keys(os.networkInterfaces());
// Whatever a method left running (a timer, a handle) does not keep the answer waiting.
process.stdout.write(JSON.stringify({ attempts, results, interfaces }), () => process.exit(0));

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}
