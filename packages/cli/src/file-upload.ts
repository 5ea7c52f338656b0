import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';

/**
 * A file sent as a request's body, streamed from disk with node:http(s). Two buffers take turns: one
 * is read from the file while the other is written to the socket, and a buffer is read into again
 * only once its write completed. (fetch turns a streamed body into a web stream and copies every
 * chunk once more, and a read stream takes fresh memory for every chunk: for a report of tens of MB
 * both were more CPU time than the upload itself.)
 */

export interface PostedFile {
  status: number;
  statusText: string;
  /** The answer's body. */
  text: string;
}

const CHUNK = 1024 * 1024;

/** POSTs `file` (`size` bytes) to `url`; `onSent` hears how many bytes were handed to the socket so far. */
export async function postFile(url: string, headers: Record<string, string>, file: string, size: number, onSent?: (sent: number) => void): Promise<PostedFile> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!transport) throw new Error(`unsupported protocol ${target.protocol}`);
  const handle = await fs.open(file, 'r');
  try {
    const req = transport.request(target, { method: 'POST', headers: { ...headers, 'content-length': String(size) } });
    let answered = false;
    const answer = new Promise<PostedFile>((resolve, reject) => {
      req.on('response', (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          // The server may answer (a refusal) before it read everything: the rest is not sent.
          if (!req.writableFinished) req.destroy();
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text: Buffer.concat(parts).toString('utf8') });
        });
        res.on('error', reject);
      });
      // A connection the server closed after its answer is no failure of the upload.
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
    });
    // Settled when the answer comes first; the body's writes end early then.
    answer.catch(() => {});
    const done = answer.then(
      () => true,
      () => true,
    );
    const buffers = [Buffer.allocUnsafe(Math.min(CHUNK, size)), Buffer.allocUnsafe(Math.min(CHUNK, size))];
    const writes: Array<Promise<void>> = [Promise.resolve(), Promise.resolve()];
    let sent = 0;
    try {
      for (let turn = 0; sent < size && !answered; turn ^= 1) {
        // Its buffer's last write completed (a failed write ends the body: the answer or the error tells why).
        if (await Promise.race([writes[turn].then(() => false, () => true), done])) break;
        const buffer = buffers[turn];
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - sent), sent).catch((err: Error) => {
          throw Object.assign(err, { path: file });
        });
        if (bytesRead === 0) throw Object.assign(new Error(`${file} ended after ${sent} of ${size} bytes`), { path: file });
        writes[turn] = new Promise((resolve, reject) => req.write(buffer.subarray(0, bytesRead), (err) => (err ? reject(err) : resolve())));
        // (A write that fails once the answer came, its connection closed, is no failure.)
        writes[turn].catch(() => {});
        sent += bytesRead;
        onSent?.(sent);
      }
    } catch (err) {
      req.destroy();
      throw err;
    }
    if (!answered) req.end();
    return await answer;
  } finally {
    await handle.close();
  }
}
