import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inSandbox } from './sandbox-test-kit.ts';

const hostCache = fs.existsSync('/var/cache/fontconfig') && fs.readdirSync('/var/cache/fontconfig').length > 0;

describe.skipIf(!hostCache || !fs.existsSync('/usr/bin/fc-match'))('fonts in the sandbox', () => {
  it("are found from the system's fontconfig cache: a browser's start scans and writes nothing", async () => {
    // As a run's processes are started: HOME and XDG_CACHE_HOME in the scratch folder. Without the
    // system's cache, fontconfig scans every font (0.2-0.3 s a browser start) and writes its own there.
    const out = await inSandbox('export HOME="$PWD/home" XDG_CACHE_HOME="$PWD/home/.cache"; mkdir -p "$HOME"; fc-match sans; find "$HOME" -type f | wc -l');
    const [font, written] = out.trim().split('\n');
    expect(font).toMatch(/: "/);
    expect(written).toBe('0');
  }, 60_000);
});
