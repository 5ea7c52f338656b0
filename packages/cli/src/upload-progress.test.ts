import { describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress.ts';

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: Object.assign({ write: (s: string) => writes.push(s) > 0 }, { isTTY }) as unknown as NodeJS.WritableStream };
}

describe('upload progress', () => {
  it('on a terminal rewrites one line, at most every 100 ms, and always draws the end', () => {
    const { writes, stream } = sink(true);
    const p = new UploadProgress(stream, 'r.ndjson', 4_000_000);
    p.update(1_000_000);
    p.update(2_000_000); // within 100 ms of the first: not drawn
    p.update(4_000_000);
    p.sent();
    expect(writes).toEqual([
      '\rUploading r.ndjson: 1.0 of 4.0 MB (25%)\u001b[K',
      '\rUploading r.ndjson: 4.0 of 4.0 MB (100%)\u001b[K',
      '\n',
      'Importing the report on the server...\n',
    ]);
  });

  it('elsewhere writes a line at each quarter it passes, once', () => {
    const { writes, stream } = sink(false);
    const p = new UploadProgress(stream, 'r.ndjson', 1000);
    for (const sent of [100, 240, 260, 600, 990]) p.update(sent);
    p.sent();
    expect(writes).toEqual([
      'Uploading r.ndjson: 0.0 of 0.0 MB (26%)\n',
      'Uploading r.ndjson: 0.0 of 0.0 MB (60%)\n',
      'Uploading r.ndjson: 0.0 of 0.0 MB (99%)\n',
      'Uploading r.ndjson: 0.0 of 0.0 MB (100%)\n',
      'Importing the report on the server...\n',
    ]);
  });

  it('counts an empty file as done', () => {
    const { writes, stream } = sink(false);
    new UploadProgress(stream, 'empty.ndjson', 0).sent();
    expect(writes).toEqual(['Uploading empty.ndjson: 0.0 of 0.0 MB (100%)\n', 'Importing the report on the server...\n']);
  });
});
