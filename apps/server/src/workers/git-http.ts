import { spawn } from 'node:child_process';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { gitEnv } from '../workspace/git.ts';

/**
 * Git smart HTTP, read-only, for a job's worker: `git upload-pack --stateless-rpc` on the project's
 * bare repository. No ref is advertised (hideRefs): the worker asks for its job's commit by id
 * (allowed when reachable from a branch), and receive-pack is never run.
 */
const UPLOAD_PACK_CONFIG = ['-c', 'uploadpack.hideRefs=refs/', '-c', 'uploadpack.allowReachableSHA1InWant=true', '-c', 'uploadpack.allowFilter=true'];

function pktLine(text: string): string {
  return (text.length + 4).toString(16).padStart(4, '0') + text;
}

/** upload-pack's ref advertisement of the repository at `gitDir`, with the smart-HTTP service header. */
export function advertiseRefsStream(gitDir: string): Readable {
  const child = spawn('git', [...UPLOAD_PACK_CONFIG, 'upload-pack', '--stateless-rpc', '--advertise-refs', gitDir], { env: gitEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
  const head = `${pktLine('# service=git-upload-pack\n')}0000`;
  return Readable.from(chunks(head, child.stdout));
}

/** upload-pack's answer (the pack) to a fetch request `body` on the repository at `gitDir`. */
export function uploadPackStream(gitDir: string, body: Readable, gzip: boolean): Readable {
  const child = spawn('git', [...UPLOAD_PACK_CONFIG, 'upload-pack', '--stateless-rpc', gitDir], { env: gitEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
  const input = gzip ? body.pipe(createGunzip()) : body;
  input.on('error', () => child.kill('SIGKILL'));
  child.stdin.on('error', () => {});
  input.pipe(child.stdin);
  return child.stdout;
}

export function sendAdvertisement(reply: FastifyReply, stream: Readable): FastifyReply {
  reply.header('content-type', 'application/x-git-upload-pack-advertisement').header('cache-control', 'no-cache');
  return reply.send(stream);
}

export function sendUploadPack(reply: FastifyReply, stream: Readable): FastifyReply {
  reply.header('content-type', 'application/x-git-upload-pack-result').header('cache-control', 'no-cache');
  return reply.send(stream);
}

async function* chunks(head: string, rest: Readable): AsyncGenerator<Buffer> {
  yield Buffer.from(head);
  for await (const c of rest) yield c as Buffer;
}
